import "server-only";
import { RateLimiterMemory } from "rate-limiter-flexible";

// Failed sign-ins are counted per account and per client address in a fixed window. Once either
// count reaches its limit, every attempt is refused until the window ends, even with the right
// password, so guessing gets a handful of tries per window however it is spread.

export interface ThrottleLimits {
  /** Failures allowed per account (username) per window. */
  accountFailures: number;
  /** Failures allowed per client address per window, across all usernames. */
  addressFailures: number;
  windowSeconds: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  accountFailures: 5,
  addressFailures: 20,
  windowSeconds: 15 * 60,
};

export interface ThrottleSubject {
  username: string;
  /** The client's address, or undefined when unknown (then only the account is counted). */
  address: string | undefined;
}

export class SignInThrottle {
  private readonly accounts: RateLimiterMemory;
  private readonly addresses: RateLimiterMemory;

  constructor(private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS) {
    this.accounts = new RateLimiterMemory({
      keyPrefix: "signin-account",
      points: limits.accountFailures,
      duration: limits.windowSeconds,
    });
    this.addresses = new RateLimiterMemory({
      keyPrefix: "signin-address",
      points: limits.addressFailures,
      duration: limits.windowSeconds,
    });
  }

  /** Seconds until `subject` may try again, or 0 when it may try now. */
  async retryAfterSeconds(subject: ThrottleSubject): Promise<number> {
    const waits = await Promise.all([
      this.waitMs(this.accounts, accountKey(subject.username), this.limits.accountFailures),
      subject.address
        ? this.waitMs(this.addresses, subject.address, this.limits.addressFailures)
        : 0,
    ]);
    const ms = Math.max(...waits);
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  async recordFailure(subject: ThrottleSubject): Promise<void> {
    await Promise.all([
      this.accounts.penalty(accountKey(subject.username)),
      subject.address ? this.addresses.penalty(subject.address) : undefined,
    ]);
  }

  /** A correct password clears the account's count (not the address's). */
  async recordSuccess(subject: ThrottleSubject): Promise<void> {
    await this.accounts.delete(accountKey(subject.username));
  }

  private async waitMs(limiter: RateLimiterMemory, key: string, limit: number): Promise<number> {
    const state = await limiter.get(key);
    if (!state || state.consumedPoints < limit) return 0;
    return Math.max(state.msBeforeNext, 1);
  }
}

/** Usernames differing only in case or surrounding spaces share one count. */
function accountKey(username: string): string {
  return username.trim().toLowerCase().slice(0, 256);
}

/**
 * The client's address as seen by the nearest proxy: the last X-Forwarded-For entry (Next.js sets
 * the header to the socket address when no proxy did; a reverse proxy appends the real client).
 */
export function clientAddress(headers: Record<string, unknown> | undefined): string | undefined {
  const forwarded = headers?.["x-forwarded-for"];
  const value = Array.isArray(forwarded) ? forwarded.join(",") : forwarded;
  if (typeof value !== "string") return undefined;
  const last = value.split(",").at(-1)?.trim();
  return last ? last.slice(0, 64) : undefined;
}
