import bcrypt from "bcryptjs";
import { afterEach, describe, expect, it, vi } from "vitest";
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
  // One reverse proxy in front: the last X-Forwarded-For entry is the client's address.
  trustedProxyHops: 1,
};
const from = (address: string) => ({ "x-forwarded-for": address });

function deps(trustedProxyHops = 1) {
  return {
    accounts: { ...accounts, trustedProxyHops },
    throttle: new SignInThrottle({
      accountFailures: 5,
      addressFailures: 20,
      untrustedFailures: 40,
      windowSeconds: 900,
    }),
  };
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

  it("checks no more than 5 of 30 guesses sent at once, and then refuses the right password", async () => {
    const d = deps();
    const compare = vi.spyOn(bcrypt, "compare");
    const guesses = Array.from({ length: 30 }, (_, i) =>
      outcome(
        authorizeCredentials({ username: "alice", password: `guess${i}` }, from(`6.6.${i}.1`), d),
      ),
    );
    const right = outcome(
      authorizeCredentials({ username: "alice", password: "alice-Passw0rd" }, from("6.6.6.6"), d),
    );
    const results = await Promise.all(guesses);
    expect(await right).toBe("throttled");
    expect(results.filter((result) => result === "refused")).toHaveLength(5);
    expect(results.filter((result) => result === "throttled")).toHaveLength(25);
    expect(compare).toHaveBeenCalledTimes(5);
  });

  it("counts guesses at unknown users like guesses at real ones, even sent at once", async () => {
    const d = deps();
    const compare = vi.spyOn(bcrypt, "compare");
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        outcome(
          authorizeCredentials({ username: "ghost", password: `g${i}` }, from(`7.7.7.${i}`), d),
        ),
      ),
    );
    expect(results.filter((result) => result === "refused")).toHaveLength(5);
    expect(compare).toHaveBeenCalledTimes(5);
    expect(
      await outcome(authorizeCredentials({ username: "ghost", password: "x" }, from("7.7.8.1"), d)),
    ).toBe("throttled");
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

  it("without a proxy, forged addresses buy no more than the ceiling across all accounts", async () => {
    const d = deps(0);
    const results: string[] = [];
    for (let i = 0; i < 45; i++) {
      // A new forged address for every guess, spread over 20 accounts (2 or 3 guesses each):
      // per-address and per-account counts never fill, only the shared ceiling (40 here) stops it.
      results.push(
        await outcome(
          authorizeCredentials(
            { username: `user${i % 20}`, password: "x" },
            from(`203.0.113.${i}`),
            d,
          ),
        ),
      );
    }
    expect(results.filter((result) => result === "refused")).toHaveLength(40);
    expect(
      await outcome(
        authorizeCredentials({ username: "alice", password: "alice-Passw0rd" }, from("9.9.9.9"), d),
      ),
    ).toBe("throttled");
  });

  it("without a proxy, successful sign-ins never reach the ceiling", async () => {
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
