import "server-only";
import { createHash } from "node:crypto";
import { PEER_HEADER } from "@/lib/server/core/peer-address";
import type { SharedStore, ThrottleRule } from "@/lib/server/store";

// Password guessing slowed down, in the spirit of the OWASP Authentication Cheat Sheet, without
// handing anyone a way to lock someone else out:
// - counters keyed by account and client address together, and by address alone (across
//   accounts), never by account alone: failures from one address never delay the account's
//   owner signing in from another, and no count of failures shuts sign-in for everyone;
// - growing delays rather than a lock: past its free attempts a counter imposes a delay that
//   doubles with each further failure, up to a ceiling, and is forgotten an hour after its last;
// - counted before the password is checked, atomically in the shared store, so that parallel
//   guesses (or guesses spread over replicas) cannot all pass a check made before any of them
//   was counted; a right password gives its attempt back and clears its account+address count;
// - a refused attempt counts nothing and creates nothing: a flood of attempts from one address,
//   whatever the usernames, costs one counter once its address is delayed, not one per name.

export interface ThrottlePolicy {
  /** One account from one address. */
  accountAddress: Omit<ThrottleRule, "key">;
  /** One address, across accounts. */
  address: Omit<ThrottleRule, "key">;
}

const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  accountAddress: { free: 5, baseDelayMs: 1_000, maxDelayMs: 15 * 60_000, windowMs: 3_600_000 },
  address: { free: 20, baseDelayMs: 1_000, maxDelayMs: 15 * 60_000, windowMs: 3_600_000 },
};

export interface ThrottleSubject {
  username: string;
  /** The client's address, or undefined when unknown. */
  address: string | undefined;
  /** False when the address came from a header the client may have written itself. */
  addressTrusted: boolean;
}

export class SignInThrottle {
  constructor(
    private readonly store: SharedStore,
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE_POLICY,
  ) {}

  /**
   * Counts one attempt for `subject` before its password is checked. Returns 0 when the attempt
   * may go on (it now counts as a failure unless `succeeded` follows), or the seconds to wait.
   * Throws store_unavailable when the store cannot count: no unthrottled guesses.
   */
  async attempt(subject: ThrottleSubject): Promise<number> {
    const rules = this.#rules(subject);
    const outcome = await this.store.throttleAttempt(rules);
    if (outcome.waitMs > 0) return Math.ceil(outcome.waitMs / 1000);
    if ("attempts" in outcome) this.#reportOnset(subject, rules, outcome.attempts);
    return 0;
  }

  /** The password was right: the account+address count starts afresh, the address gets its attempt back. */
  async succeeded(subject: ThrottleSubject): Promise<void> {
    const rules = this.#rules(subject);
    await this.store.throttleGiveBack(rules, [rules[0]!.key]);
  }

  /** The password was never checked (sign-in was busy): the attempt counts nowhere. */
  async giveBack(subject: ThrottleSubject): Promise<void> {
    await this.store.throttleGiveBack(this.#rules(subject), []);
  }

  #rules(subject: ThrottleSubject): ThrottleRule[] {
    const address = subject.address ?? "unknown";
    return [
      {
        key: `throttle:aa:${digest(`${accountKey(subject.username)}\n${address}`)}`,
        ...this.policy.accountAddress,
      },
      { key: `throttle:a:${digest(address)}`, ...this.policy.address },
    ];
  }

  /**
   * One log line when a counter starts imposing delays, so an operator sees an attack begin
   * without a line per guess. The account is not named: people type passwords into it.
   */
  #reportOnset(subject: ThrottleSubject, rules: ThrottleRule[], attempts: number[]): void {
    const address = `${subject.address ?? "unknown"}${subject.addressTrusted ? "" : " (as the client claims)"}`;
    rules.forEach((rule, i) => {
      if (attempts[i] !== rule.free) return;
      const what = i === 0 ? "one account from address" : "address";
      console.warn(
        `[auth] sign-in throttling: ${rule.free} failed attempts for ${what} ${address}; further attempts are delayed`,
      );
    });
  }
}

/** Usernames differing only in case or surrounding spaces share one count. */
function accountKey(username: string): string {
  return username.trim().toLowerCase().slice(0, 256);
}

/** Keys of bounded size, whatever the client sent. */
function digest(value: string): string {
  return createHash("sha256").update(value).digest("base64url").slice(0, 32);
}

/**
 * The client's address. With `trustedProxyHops` reverse proxies in front, each appending the
 * address it saw to X-Forwarded-For, the entry the outermost of them appended (the N-th from the
 * right) is the client's. Without a proxy, the TCP peer stamped by lib/server/core/peer-address.ts: Next.js
 * keeps an X-Forwarded-For the client sent, so that header is only the client's claim. Where
 * neither is available (a unit test, `next dev`), the header's last entry, as untrusted.
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
  const peer = headers?.[PEER_HEADER];
  if (trustedProxyHops === 0 && typeof peer === "string" && peer !== "") {
    return { address: peer.slice(0, 64), trusted: true };
  }
  const trusted = trustedProxyHops >= 1 && entries.length >= trustedProxyHops;
  const address = trusted ? entries.at(-trustedProxyHops) : entries.at(-1);
  return { address: address?.slice(0, 64), trusted: trusted && address !== undefined };
}
