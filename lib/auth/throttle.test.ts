import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAddress, SignInThrottle, type ThrottleSubject } from "./throttle";

const limits = {
  accountFailures: 5,
  addressFailures: 20,
  untrustedFailures: 100,
  windowSeconds: 15 * 60,
};

const trusted = (username: string, address: string): ThrottleSubject => ({
  username,
  address,
  addressTrusted: true,
});

/** Attempts that fail (the point taken is kept); returns how many were let through. */
async function fail(throttle: SignInThrottle, subject: ThrottleSubject, times: number) {
  let allowed = 0;
  for (let i = 0; i < times; i++) if ((await throttle.attempt(subject)) === 0) allowed++;
  return allowed;
}

describe("SignInThrottle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lets an account try 5 times, then makes it wait out the window", async () => {
    const throttle = new SignInThrottle(limits);
    const subject = trusted("alice", "10.0.0.1");
    expect(await fail(throttle, subject, 5)).toBe(5);

    const wait = await throttle.attempt(subject);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);

    vi.advanceTimersByTime(10 * 60 * 1000);
    const later = await throttle.attempt(subject);
    expect(later).toBeLessThanOrEqual(5 * 60);
    expect(later).toBeGreaterThan(0);

    vi.advanceTimersByTime(5 * 60 * 1000 + 1000);
    expect(await throttle.attempt(subject)).toBe(0);
  });

  it("counts an account from every address, and the same name in any case", async () => {
    const throttle = new SignInThrottle(limits);
    for (let i = 0; i < 5; i++) {
      await throttle.attempt(trusted(i % 2 ? "Alice " : "alice", `10.0.0.${i}`));
    }
    expect(await throttle.attempt(trusted("ALICE", "10.9.9.9"))).toBeGreaterThan(0);
    expect(await throttle.attempt(trusted("bob", "10.9.9.9"))).toBe(0);
  });

  it("lets no more than the limit through when attempts arrive together", async () => {
    const throttle = new SignInThrottle(limits);
    const waits = await Promise.all(
      Array.from({ length: 30 }, (_, i) => throttle.attempt(trusted("alice", `10.0.1.${i}`))),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it("blocks an address after 20 failures across usernames, but not other addresses", async () => {
    const throttle = new SignInThrottle(limits);
    for (let i = 0; i < 20; i++) await throttle.attempt(trusted(`user${i}`, "192.0.2.7"));
    expect(await throttle.attempt(trusted("fresh", "192.0.2.7"))).toBeGreaterThan(0);
    expect(await throttle.attempt(trusted("fresh", "192.0.2.8"))).toBe(0);
  });

  it("does not count an attempt refused for one budget against the others", async () => {
    const throttle = new SignInThrottle(limits);
    await fail(throttle, trusted("alice", "10.0.0.1"), 5);
    // 30 refused tries at the locked account spend none of this address's 20.
    await fail(throttle, trusted("alice", "10.0.0.2"), 30);
    expect(await fail(throttle, trusted("bob", "10.0.0.2"), 5)).toBe(5);
  });

  it("clears an account's count on success, and counts only failures per address", async () => {
    const throttle = new SignInThrottle(limits);
    const alice = trusted("alice", "10.0.0.1");
    await fail(throttle, alice, 4);
    expect(await throttle.attempt(alice)).toBe(0);
    await throttle.succeeded(alice);
    expect(await fail(throttle, alice, 5)).toBe(5);

    // An office behind one address: 50 analysts signing in spend nothing.
    for (let i = 0; i < 50; i++) {
      const analyst = trusted(`analyst${i}`, "10.0.0.9");
      expect(await throttle.attempt(analyst)).toBe(0);
      await throttle.succeeded(analyst);
    }
    expect(await fail(throttle, trusted("mallory", "10.0.0.9"), 5)).toBe(5);
  });

  it("caps failures from untrusted addresses together, however the addresses vary", async () => {
    const throttle = new SignInThrottle({ ...limits, untrustedFailures: 10 });
    for (let i = 0; i < 10; i++) {
      expect(
        await throttle.attempt({
          username: `u${i}`,
          address: `forged-${i}`,
          addressTrusted: false,
        }),
      ).toBe(0);
    }
    const wait = await throttle.attempt({
      username: "fresh",
      address: "forged-x",
      addressTrusted: false,
    });
    expect(wait).toBeGreaterThan(14 * 60);
    expect(
      await throttle.attempt({ username: "fresh", address: undefined, addressTrusted: false }),
    ).toBeGreaterThan(0);
    // Clients behind a trusted proxy have their own budgets only.
    expect(await throttle.attempt(trusted("fresh", "10.0.0.1"))).toBe(0);
  });

  it("with trusted addresses, many failures spread over addresses and accounts all get through", async () => {
    const throttle = new SignInThrottle({ ...limits, untrustedFailures: 10 });
    let allowed = 0;
    for (let i = 0; i < 40; i++)
      allowed += await fail(throttle, trusted(`u${i}`, `10.1.0.${i}`), 1);
    expect(allowed).toBe(40);
  });
});

describe("clientAddress", () => {
  const xff = (value: string) => ({ "x-forwarded-for": value });

  it("without a trusted proxy takes the last entry, as untrusted", () => {
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
