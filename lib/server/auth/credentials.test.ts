import bcrypt from "bcryptjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/shared/core/errors";
import { MemoryStore } from "@/lib/server/store/memory";
import type { SharedStore } from "@/lib/server/store";
import {
  authorizeCredentials,
  SignInBusyError,
  SignInThrottledError,
  SignInUnavailableError,
} from "./credentials";
import { CheckQueue } from "./password-checks";
import { signInErrorMessage } from "@/lib/shared/auth/sign-in-errors";
import { SignInThrottle } from "./throttle";

// Low-cost hashes keep the test quick (an unknown user would cost a cost-12 comparison each).
const accounts = {
  localUsers: ["alice", ...Array.from({ length: 20 }, (_, i) => `user${i}`)].map((username) => ({
    username,
    passwordHash: bcrypt.hashSync(`${username}-Passw0rd`, 4),
  })),
  demoPassword: "demo-pw",
  // One reverse proxy in front: the last X-Forwarded-For entry is the client's address.
  trustedProxyHops: 1,
};
const from = (address: string) => ({ "x-forwarded-for": address });

function deps(trustedProxyHops = 1, store: SharedStore = new MemoryStore()) {
  return { accounts: { ...accounts, trustedProxyHops }, throttle: new SignInThrottle(store) };
}

/** What an attempt comes to: signed in, refused, or throttled. */
async function outcome(attempt: Promise<unknown>): Promise<"signed in" | "refused" | "throttled"> {
  try {
    return (await attempt) ? "signed in" : "refused";
  } catch (error) {
    if (error instanceof SignInThrottledError) return "throttled";
    throw error;
  }
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined); // throttling onset lines
});
afterEach(() => {
  vi.restoreAllMocks();
});

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

  it("after 5 failures from an address delays even the right password from it, not from others", async () => {
    const d = deps();
    for (let i = 0; i < 5; i++) {
      await authorizeCredentials({ username: "alice", password: `guess${i}` }, from("2.2.2.2"), d);
    }
    const error: unknown = await authorizeCredentials(
      { username: "alice", password: "alice-Passw0rd" },
      from("2.2.2.2"),
      d,
    ).then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof SignInThrottledError)) throw new Error("expected to be throttled");
    expect(error.retryAfterSeconds).toBe(1);
    expect(signInErrorMessage(error.message)).toBe(
      "Too many failed sign-in attempts. Wait 1 second before trying again.",
    );
    // The owner, from an address that has not failed, signs in.
    expect(
      await authorizeCredentials(
        { username: "alice", password: "alice-Passw0rd" },
        from("3.3.3.3"),
        d,
      ),
    ).toMatchObject({ name: "alice" });
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

  it("checks no more than 5 of 30 guesses sent at once from one address", async () => {
    const d = deps();
    const compare = vi.spyOn(bcrypt, "compare");
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        outcome(
          authorizeCredentials({ username: "alice", password: `guess${i}` }, from("6.6.6.6"), d),
        ),
      ),
    );
    expect(results.filter((result) => result === "refused")).toHaveLength(5);
    expect(results.filter((result) => result === "throttled")).toHaveLength(25);
    expect(compare).toHaveBeenCalledTimes(5);
  });

  it("counts guesses at unknown users like guesses at real ones, even sent at once", async () => {
    const d = deps();
    const compare = vi.spyOn(bcrypt, "compare");
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        outcome(authorizeCredentials({ username: "ghost", password: `g${i}` }, from("7.7.7.7"), d)),
      ),
    );
    expect(results.filter((result) => result === "refused")).toHaveLength(5);
    expect(compare).toHaveBeenCalledTimes(5);
  });

  it("behind a proxy, keys the address on the entry the proxy appended, not a forged one", async () => {
    const d = deps(1);
    for (let i = 0; i < 20; i++) {
      await authorizeCredentials(
        { username: `user${i}`, password: "x" },
        from(`10.${i}.0.1, 8.8.8.8`),
        d,
      );
    }
    expect(
      await outcome(
        authorizeCredentials(
          { username: "analyst", password: "demo-pw" },
          from("10.99.0.1, 8.8.8.8"),
          d,
        ),
      ),
    ).toBe("throttled");
  });

  it("without a proxy, a forged X-Forwarded-For neither dodges the count nor aims it at someone", async () => {
    const d = deps(0);
    const peer = (address: string, claimed: string) => ({
      "x-forwarded-for": claimed,
      "x-alarm-console-peer": address,
    });
    for (let i = 0; i < 5; i++) {
      await authorizeCredentials(
        { username: "alice", password: `g${i}` },
        peer("203.0.113.5", `10.0.0.${i}`),
        d,
      );
    }
    expect(
      await outcome(
        authorizeCredentials(
          { username: "alice", password: "g" },
          peer("203.0.113.5", "9.9.9.9"),
          d,
        ),
      ),
    ).toBe("throttled");
    // The attacker claimed the owner's address: the owner, really there, signs in.
    expect(
      await outcome(
        authorizeCredentials(
          { username: "alice", password: "alice-Passw0rd" },
          peer("10.0.0.1", "10.0.0.1"),
          d,
        ),
      ),
    ).toBe("signed in");
  });

  it("has no ceiling a crowd of failures could reach: the owner still signs in", async () => {
    const d = deps(0);
    for (let i = 0; i < 120; i++) {
      await outcome(
        authorizeCredentials(
          { username: i % 2 ? "alice" : `user${i % 20}`, password: "x" },
          from(`203.0.113.${i}`),
          d,
        ),
      );
    }
    expect(
      await outcome(
        authorizeCredentials({ username: "alice", password: "alice-Passw0rd" }, from("::1"), d),
      ),
    ).toBe("signed in");
  });

  it("says sign-in is unavailable, and checks no password, when the store cannot count", async () => {
    const broken = new MemoryStore();
    broken.throttleAttempt = () =>
      Promise.reject(new ApiError("store_unavailable", "The shared store is unreachable."));
    const compare = vi.spyOn(bcrypt, "compare");
    const attempt = authorizeCredentials(
      { username: "alice", password: "alice-Passw0rd" },
      from("1.1.1.1"),
      deps(1, broken),
    );
    const error: unknown = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SignInUnavailableError);
    expect(compare).not.toHaveBeenCalled();
    expect(signInErrorMessage((error as Error).message)).toMatch(
      /^Sign-in is unavailable right now/,
    );
  });

  it("answers busy, without counting the attempt, when too many checks already wait", async () => {
    const d = { ...deps(), checks: new CheckQueue(1, 0) };
    const slow = authorizeCredentials({ username: "alice", password: "x" }, from("8.8.4.4"), d);
    const busy: unknown = await authorizeCredentials(
      { username: "alice", password: "y" },
      from("8.8.4.4"),
      d,
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(busy).toBeInstanceOf(SignInBusyError);
    expect(signInErrorMessage((busy as Error).message)).toMatch(/^Sign-in is busy right now/);
    expect(await slow).toBeNull();
    // Only the checked attempt counted: four more may be checked before any delay.
    for (let i = 0; i < 4; i++) {
      expect(
        await outcome(
          authorizeCredentials({ username: "alice", password: `z${i}` }, from("8.8.4.4"), d),
        ),
      ).toBe("refused");
    }
    expect(
      await outcome(authorizeCredentials({ username: "alice", password: "z" }, from("8.8.4.4"), d)),
    ).toBe("throttled");
  });

  it("without a proxy, successful sign-ins never delay anyone", async () => {
    const d = deps(0);
    for (let i = 0; i < 60; i++) {
      expect(
        await outcome(
          authorizeCredentials({ username: "alice", password: "alice-Passw0rd" }, from("::1"), d),
        ),
      ).toBe("signed in");
    }
  });
});
