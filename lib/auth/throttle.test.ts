import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAddress, SignInThrottle } from "./throttle";

const limits = { accountFailures: 5, addressFailures: 20, windowSeconds: 15 * 60 };

describe("SignInThrottle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function fail(throttle: SignInThrottle, username: string, address: string, times: number) {
    for (let i = 0; i < times; i++) await throttle.recordFailure({ username, address });
  }

  it("lets an account try until its 5th failure, then makes it wait out the window", async () => {
    const throttle = new SignInThrottle(limits);
    const subject = { username: "alice", address: "10.0.0.1" };
    await fail(throttle, "alice", "10.0.0.1", 4);
    expect(await throttle.retryAfterSeconds(subject)).toBe(0);

    await fail(throttle, "alice", "10.0.0.1", 1);
    const wait = await throttle.retryAfterSeconds(subject);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);

    vi.advanceTimersByTime(10 * 60 * 1000);
    expect(await throttle.retryAfterSeconds(subject)).toBeLessThanOrEqual(5 * 60);
    expect(await throttle.retryAfterSeconds(subject)).toBeGreaterThan(0);

    vi.advanceTimersByTime(5 * 60 * 1000 + 1000);
    expect(await throttle.retryAfterSeconds(subject)).toBe(0);
  });

  it("counts an account from every address, and the same name in any case", async () => {
    const throttle = new SignInThrottle(limits);
    for (let i = 0; i < 5; i++) {
      await throttle.recordFailure({
        username: i % 2 ? "Alice " : "alice",
        address: `10.0.0.${i}`,
      });
    }
    expect(
      await throttle.retryAfterSeconds({ username: "ALICE", address: "10.9.9.9" }),
    ).toBeGreaterThan(0);
    expect(await throttle.retryAfterSeconds({ username: "bob", address: "10.9.9.9" })).toBe(0);
  });

  it("blocks an address after 20 failures across usernames, but not other addresses", async () => {
    const throttle = new SignInThrottle(limits);
    for (let i = 0; i < 20; i++) {
      await throttle.recordFailure({ username: `user${i}`, address: "192.0.2.7" });
    }
    expect(
      await throttle.retryAfterSeconds({ username: "fresh", address: "192.0.2.7" }),
    ).toBeGreaterThan(0);
    expect(await throttle.retryAfterSeconds({ username: "fresh", address: "192.0.2.8" })).toBe(0);
  });

  it("clears an account's count on success", async () => {
    const throttle = new SignInThrottle(limits);
    await fail(throttle, "alice", "10.0.0.1", 4);
    await throttle.recordSuccess({ username: "alice", address: "10.0.0.1" });
    await fail(throttle, "alice", "10.0.0.1", 4);
    expect(await throttle.retryAfterSeconds({ username: "alice", address: "10.0.0.1" })).toBe(0);
  });
});

describe("clientAddress", () => {
  it("takes the address the nearest proxy appended", () => {
    expect(clientAddress({ "x-forwarded-for": "203.0.113.9, 10.0.0.2" })).toBe("10.0.0.2");
    expect(clientAddress({ "x-forwarded-for": "::1" })).toBe("::1");
  });
  it("is undefined without the header", () => {
    expect(clientAddress({})).toBeUndefined();
    expect(clientAddress(undefined)).toBeUndefined();
  });
});
