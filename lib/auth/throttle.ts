import "server-only";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

// Failed sign-ins are counted per account and per client address in a fixed window. Each attempt
// takes its point BEFORE the password is checked, in one synchronous step, so parallel guesses
// cannot all pass a check made before any of them is recorded. Once a budget is spent, every
// attempt is refused until the window ends, even with the right password. A correct password
// clears the account's count and gives back the point it took from the other budgets: only
// failures count. When the client's address cannot be trusted (no reverse proxy that appends
// X-Forwarded-For), a ceiling on failures from all such clients together also applies, so
// forging addresses cannot buy unlimited guesses spread over many accounts.

export interface ThrottleLimits {
  /** Failures allowed per account (username) per window. */
  accountFailures: number;
  /** Failures allowed per client address per window, across all usernames. */
  addressFailures: number;
  /** Failures allowed per window from all clients whose address cannot be trusted, together. */
  untrustedFailures: number;
  windowSeconds: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  accountFailures: 5,
  addressFailures: 20,
  untrustedFailures: 100,
  windowSeconds: 15 * 60,
};

export interface ThrottleSubject {
  username: string;
  /** The client's address, or undefined when unknown (then only the account is counted). */
  address: string | undefined;
  /** False when the address came from a header the client may have written itself. */
  addressTrusted: boolean;
}

/** The one key of the ceiling shared by every client whose address is not trusted. */
const UNTRUSTED_KEY = "untrusted";

/** Below this, a window is about to end: a point given back could land in the next window. */
const REFUND_MARGIN_MS = 1000;

export class SignInThrottle {
  private readonly accounts: RateLimiterMemory;
  private readonly addresses: RateLimiterMemory;
  private readonly untrusted: RateLimiterMemory;

  constructor(limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS) {
    const limiter = (keyPrefix: string, points: number) =>
      new RateLimiterMemory({ keyPrefix, points, duration: limits.windowSeconds });
    this.accounts = limiter("signin-account", limits.accountFailures);
    this.addresses = limiter("signin-address", limits.addressFailures);
    this.untrusted = limiter("signin-untrusted", limits.untrustedFailures);
  }

  /**
   * Takes one point from every budget that applies to `subject`. Returns 0 when the attempt may
   * be checked (it now counts as a failure unless `succeeded` follows), or the seconds to wait.
   */
  async attempt(subject: ThrottleSubject): Promise<number> {
    const budgets = this.budgets(subject);
    // Every consume() counts synchronously when called: no other request runs in between.
    const outcomes = await Promise.allSettled(
      budgets.map(([limiter, key]) => limiter.consume(key)),
    );
    let waitMs = 0;
    for (const outcome of outcomes) {
      if (outcome.status === "fulfilled") continue;
      // A spent budget rejects with its state; anything else is a real error.
      if (!(outcome.reason instanceof RateLimiterRes)) throw outcome.reason;
      waitMs = Math.max(waitMs, outcome.reason.msBeforeNext, 1);
    }
    if (waitMs === 0) return 0;
    // Refused without a check: the points it did take go back, so the refusal costs no one else.
    await Promise.all(
      budgets.map(([limiter, key], i) =>
        outcomes[i]?.status === "fulfilled" ? refund(limiter, key) : undefined,
      ),
    );
    return Math.ceil(waitMs / 1000);
  }

  /** The password was right: the account starts afresh and the other budgets get their point back. */
  async succeeded(subject: ThrottleSubject): Promise<void> {
    const [, ...others] = this.budgets(subject);
    await Promise.all([
      this.accounts.delete(accountKey(subject.username)),
      ...others.map(([limiter, key]) => refund(limiter, key)),
    ]);
  }

  /** The budgets an attempt draws on, the account's first. */
  private budgets(subject: ThrottleSubject): [RateLimiterMemory, string][] {
    const budgets: [RateLimiterMemory, string][] = [[this.accounts, accountKey(subject.username)]];
    if (subject.address) budgets.push([this.addresses, subject.address]);
    if (!subject.addressTrusted) budgets.push([this.untrusted, UNTRUSTED_KEY]);
    return budgets;
  }
}

/** Gives back one point taken in the current window (never one in a window already over). */
async function refund(limiter: RateLimiterMemory, key: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.consumedPoints > 0 && state.msBeforeNext > REFUND_MARGIN_MS) {
    await limiter.reward(key);
  }
}

/** Usernames differing only in case or surrounding spaces share one count. */
function accountKey(username: string): string {
  return username.trim().toLowerCase().slice(0, 256);
}

/**
 * The client's address from X-Forwarded-For. Next.js fills the header with the socket address
 * only when the request carries none, so without a reverse proxy the client writes it. With
 * `trustedProxyHops` proxies in front, each appending the address it saw, the entry the outermost
 * of them appended (the N-th from the right) is the client's and can be trusted. Otherwise the
 * last entry is used as a best effort and reported as untrusted.
 */
export function clientAddress(
  headers: Record<string, unknown> | undefined,
  trustedProxyHops: number,
): { address: string | undefined; trusted: boolean } {
  const forwarded = headers?.["x-forwarded-for"];
  const value = Array.isArray(forwarded) ? forwarded.join(",") : forwarded;
  const entries =
    typeof value === "string"
      ? value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean)
      : [];
  const trusted = trustedProxyHops >= 1 && entries.length >= trustedProxyHops;
  const address = trusted ? entries.at(-trustedProxyHops) : entries.at(-1);
  return { address: address?.slice(0, 64), trusted: trusted && address !== undefined };
}
