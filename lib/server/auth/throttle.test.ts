import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStore } from "@/lib/server/store/memory";
import { clientAddress, SignInThrottle, type ThrottleSubject } from "./throttle";

// The sign-in throttle on the memory store, its clock in the test's hands.

const from = (username: string, address: string): ThrottleSubject => ({
  username,
  address,
  addressTrusted: true,
});

function setup() {
  const clock = { now: Date.parse("2026-11-22T09:00:00Z") };
  const store = new MemoryStore({ now: () => clock.now });
  return { clock, store, throttle: new SignInThrottle(store) };
}

/** Attempts that fail (each counted attempt stays counted); how many were let through. */
async function fail(throttle: SignInThrottle, subject: ThrottleSubject, times: number) {
  let allowed = 0;
  for (let i = 0; i < times; i++) if ((await throttle.attempt(subject)) === 0) allowed++;
  return allowed;
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined); // the onset lines
});
afterEach(() => vi.restoreAllMocks());

describe("SignInThrottle", () => {
  it("lets an account try 5 times from an address, then delays it, doubling each time", async () => {
    const { clock, throttle } = setup();
    const guesser = from("alice", "203.0.113.5");
    expect(await fail(throttle, guesser, 5)).toBe(5);
    expect(await throttle.attempt(guesser)).toBe(1);
    clock.now += 1_000;
    expect(await fail(throttle, guesser, 1)).toBe(1); // the 6th, after its second
    expect(await throttle.attempt(guesser)).toBe(2);
    clock.now += 2_000;
    expect(await fail(throttle, guesser, 1)).toBe(1);
    expect(await throttle.attempt(guesser)).toBe(4);
    // Never a lock: the delay stops growing at 15 minutes.
    for (let i = 0; i < 20; i++) {
      clock.now += 15 * 60_000;
      await throttle.attempt(guesser);
    }
    expect(await throttle.attempt(guesser)).toBe(15 * 60);
    // An hour after the last attempt the count is forgotten.
    clock.now += 3_600_001;
    expect(await throttle.attempt(guesser)).toBe(0);
  });

  it("never delays the owner signing in from an address that has not failed", async () => {
    const { throttle } = setup();
    // Anonymous guesses at the account, from one address and from a hundred.
    await fail(throttle, from("analyst", "198.51.100.66"), 50);
    for (let i = 0; i < 100; i++) await fail(throttle, from("analyst", `192.0.2.${i}`), 5);
    expect(await throttle.attempt(from("analyst", "10.0.0.7"))).toBe(0);
  });

  it("has no global ceiling: failures from everywhere shut nobody else out", async () => {
    const { throttle } = setup();
    for (let i = 0; i < 500; i++) {
      await throttle.attempt(from(`user${i % 37}`, `100.64.${i % 250}.${i % 7}`));
    }
    expect(await throttle.attempt(from("alice", "10.0.0.1"))).toBe(0);
    expect(await throttle.attempt(from("user3", "10.0.0.2"))).toBe(0);
  });

  it("counts the same name in any case as one account", async () => {
    const { throttle } = setup();
    for (let i = 0; i < 5; i++)
      await throttle.attempt(from(i % 2 ? "Alice " : "alice", "10.0.0.1"));
    expect(await throttle.attempt(from("ALICE", "10.0.0.1"))).toBeGreaterThan(0);
    expect(await throttle.attempt(from("bob", "10.0.0.1"))).toBe(0);
  });

  it("lets no more than 5 through when attempts arrive together", async () => {
    const { throttle } = setup();
    const waits = await Promise.all(
      Array.from({ length: 30 }, () => throttle.attempt(from("alice", "10.0.1.1"))),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it("delays an address after 20 failures across usernames, but not other addresses", async () => {
    const { throttle } = setup();
    for (let i = 0; i < 20; i++) await throttle.attempt(from(`user${i}`, "192.0.2.7"));
    expect(await throttle.attempt(from("fresh", "192.0.2.7"))).toBeGreaterThan(0);
    expect(await throttle.attempt(from("fresh", "192.0.2.8"))).toBe(0);
  });

  it("clears an account's count on success, and counts only failures per address", async () => {
    const { throttle } = setup();
    const alice = from("alice", "10.0.0.1");
    await fail(throttle, alice, 4);
    expect(await throttle.attempt(alice)).toBe(0);
    await throttle.succeeded(alice);
    expect(await fail(throttle, alice, 5)).toBe(5);

    // An office behind one address: 50 analysts signing in spend nothing.
    for (let i = 0; i < 50; i++) {
      const analyst = from(`analyst${i}`, "10.0.0.9");
      expect(await throttle.attempt(analyst)).toBe(0);
      await throttle.succeeded(analyst);
    }
    expect(await fail(throttle, from("mallory", "10.0.0.9"), 5)).toBe(5);
  });

  it("keeps memory bounded under a flood of usernames: a delayed address creates nothing", async () => {
    const { store, throttle } = setup();
    const timers = () =>
      process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;
    const before = timers();
    for (let i = 0; i < 100_000; i++) await throttle.attempt(from(`user-${i}`, "203.0.113.99"));
    // 20 account+address counters and the address's own; no timer per attempt.
    expect(store.sizes().throttle).toBe(21);
    expect(timers()).toBe(before);
  });

  it("says in the log when an address starts being delayed, once, without the account", async () => {
    const { throttle } = setup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await fail(throttle, from("secret-looking-name", "192.0.2.44"), 30);
    const lines = warn.mock.calls.map((args) => args.join(" "));
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[auth\] sign-in throttling: 5 failed attempts for one account from address 192\.0\.2\.44;/,
      ),
    ]);
    expect(lines.join("\n")).not.toContain("secret-looking-name");
  });
});

describe("clientAddress", () => {
  const xff = (value: string) => ({ "x-forwarded-for": value });

  it("without a proxy takes the TCP peer, never the client's X-Forwarded-For", () => {
    const headers = { ...xff("203.0.113.9"), "x-alarm-console-peer": "::ffff:10.0.0.5" };
    expect(clientAddress(headers, 0)).toEqual({ address: "::ffff:10.0.0.5", trusted: true });
    // Behind a proxy the peer is the proxy: its X-Forwarded-For entry is the client's.
    expect(clientAddress({ ...headers, ...xff("1.1.1.1, 198.51.100.4") }, 1)).toEqual({
      address: "198.51.100.4",
      trusted: true,
    });
  });

  it("without a proxy or a stamped peer takes the last entry, as untrusted", () => {
    expect(clientAddress(xff("::1"), 0)).toEqual({ address: "::1", trusted: false });
    expect(clientAddress(xff("203.0.113.9, 10.0.0.2"), 0)).toEqual({
      address: "10.0.0.2",
      trusted: false,
    });
  });

  it("with N proxies takes the N-th entry from the right, whatever the client prepended", () => {
    // The client forged two entries; our one proxy appended the address it saw.
    expect(clientAddress(xff("1.1.1.1, 2.2.2.2, 198.51.100.4"), 1)).toEqual({
      address: "198.51.100.4",
      trusted: true,
    });
    // Two proxies: the outer one appended the client, the inner one the outer proxy.
    expect(clientAddress(xff("1.1.1.1, 198.51.100.4, 10.0.0.3"), 2)).toEqual({
      address: "198.51.100.4",
      trusted: true,
    });
    expect(clientAddress({ "x-forwarded-for": ["1.1.1.1", "198.51.100.4"] }, 1)).toEqual({
      address: "198.51.100.4",
      trusted: true,
    });
  });

  it("does not trust a header shorter than the proxies configured", () => {
    expect(clientAddress(xff("198.51.100.4"), 2)).toEqual({
      address: "198.51.100.4",
      trusted: false,
    });
  });

  it("is undefined and untrusted without the header", () => {
    expect(clientAddress({}, 1)).toEqual({ address: undefined, trusted: false });
    expect(clientAddress(undefined, 0)).toEqual({ address: undefined, trusted: false });
    expect(clientAddress(xff(" , "), 1)).toEqual({ address: undefined, trusted: false });
  });
});
