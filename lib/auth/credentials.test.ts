import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { authorizeCredentials, SignInThrottledError } from "./credentials";
import { signInErrorMessage } from "./sign-in-errors";
import { SignInThrottle } from "./throttle";

// Low-cost hashes keep the test quick (an unknown user would cost a cost-12 comparison each).
const accounts = {
  localUsers: ["alice", ...Array.from({ length: 20 }, (_, i) => `user${i}`)].map((username) => ({
    username,
    passwordHash: bcrypt.hashSync(`${username}-Passw0rd`, 4),
  })),
  demoPassword: "demo-pw",
};
const from = (address: string) => ({ "x-forwarded-for": address });

function deps() {
  return {
    accounts,
    throttle: new SignInThrottle({ accountFailures: 5, addressFailures: 20, windowSeconds: 900 }),
  };
}

describe("authorizeCredentials", () => {
  it("signs in a local account and the demo account", async () => {
    const d = deps();
    expect(
      await authorizeCredentials(
        { username: "alice", password: "alice-Passw0rd" },
        from("1.1.1.1"),
        d,
      ),
    ).toEqual({ id: "local:alice", name: "alice", email: null });
    expect(
      await authorizeCredentials({ username: "analyst", password: "demo-pw" }, from("1.1.1.1"), d),
    ).toMatchObject({ name: "analyst" });
  });

  it("answers a wrong password and an unknown user the same way", async () => {
    const d = deps();
    expect(
      await authorizeCredentials({ username: "alice", password: "x" }, from("1.1.1.1"), d),
    ).toBeNull();
    expect(
      await authorizeCredentials({ username: "zed", password: "x" }, from("1.1.1.1"), d),
    ).toBeNull();
    expect(
      await authorizeCredentials({ username: "", password: "" }, from("1.1.1.1"), d),
    ).toBeNull();
    expect(await authorizeCredentials(undefined, undefined, d)).toBeNull();
  });

  it("after 5 failures refuses even the right password, saying how long to wait", async () => {
    const d = deps();
    for (let i = 0; i < 5; i++) {
      await authorizeCredentials(
        { username: "alice", password: `guess${i}` },
        from(`2.2.2.${i}`),
        d,
      );
    }
    const attempt = authorizeCredentials(
      { username: "alice", password: "alice-Passw0rd" },
      from("3.3.3.3"),
      d,
    );
    const error: unknown = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof SignInThrottledError)) throw new Error("expected to be throttled");
    expect(error.retryAfterSeconds).toBeGreaterThan(800);
    expect(signInErrorMessage(error.message)).toBe(
      "Too many failed sign-in attempts. Wait 15 minutes before trying again.",
    );
    // Another account is not affected.
    expect(
      await authorizeCredentials({ username: "analyst", password: "demo-pw" }, from("3.3.3.3"), d),
    ).toMatchObject({ name: "analyst" });
  });

  it("after 20 failures from one address refuses every account from it", async () => {
    const d = deps();
    for (let i = 0; i < 20; i++) {
      await authorizeCredentials({ username: `user${i}`, password: "x" }, from("4.4.4.4"), d);
    }
    await expect(
      authorizeCredentials({ username: "analyst", password: "demo-pw" }, from("4.4.4.4"), d),
    ).rejects.toBeInstanceOf(SignInThrottledError);
    expect(
      await authorizeCredentials({ username: "analyst", password: "demo-pw" }, from("5.5.5.5"), d),
    ).toMatchObject({ name: "analyst" });
  });
});
