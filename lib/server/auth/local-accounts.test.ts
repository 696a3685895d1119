import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { verifyLocalAccount } from "./local-accounts";

// Low-cost hashes keep the test quick; the unknown-user path still pays the cost-12 dummy.
const config = {
  localUsers: [
    { username: "alice", passwordHash: bcrypt.hashSync("alice-Passw0rd", 4) },
    { username: "bob", passwordHash: bcrypt.hashSync("bob-Passw0rd", 4) },
  ],
  demoPassword: undefined as string | undefined,
};

describe("verifyLocalAccount", () => {
  it("accepts a configured account with its password", async () => {
    expect(await verifyLocalAccount("alice", "alice-Passw0rd", config)).toBe("alice");
    expect(await verifyLocalAccount("bob", "bob-Passw0rd", config)).toBe("bob");
  });

  it("refuses a wrong password, another account's password, and an unknown user alike", async () => {
    expect(await verifyLocalAccount("alice", "wrong", config)).toBeNull();
    expect(await verifyLocalAccount("alice", "bob-Passw0rd", config)).toBeNull();
    expect(await verifyLocalAccount("mallory", "alice-Passw0rd", config)).toBeNull();
    expect(await verifyLocalAccount("Alice", "alice-Passw0rd", config)).toBeNull();
  });

  it("spends a bcrypt comparison on an unknown user too (no fast path that tells names apart)", async () => {
    const started = performance.now();
    await verifyLocalAccount("nobody-here", "whatever", config);
    // A cost-12 comparison takes well over 20 ms; a lookup miss alone takes microseconds.
    expect(performance.now() - started).toBeGreaterThan(20);
  });

  it("knows the demo account only when a demo password is set", async () => {
    expect(await verifyLocalAccount("analyst", "demo-pw", config)).toBeNull();
    const demo = { ...config, demoPassword: "demo-pw" };
    expect(await verifyLocalAccount("analyst", "demo-pw", demo)).toBe("analyst");
    expect(await verifyLocalAccount("analyst", "demo-pw ", demo)).toBeNull();
    expect(await verifyLocalAccount("analyst", "", demo)).toBeNull();
  });
});
