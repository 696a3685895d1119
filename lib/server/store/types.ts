// What replicas share: one small interface with two implementations, memory.ts (one process,
// nothing to install) and redis.ts (REDIS_URL: every replica sees the same state). Each operation
// is atomic in both, so the code above never reads-then-writes across replicas. The store owns
// time for its own operations (the memory store's clock is injectable; Redis uses its own clock,
// so replicas whose clocks disagree still share one budget).

/** A rate of calls: evenly spaced, with a small burst allowed on top (GCRA). */
export interface RateSpec {
  /** Milliseconds between calls at the sustained rate. */
  intervalMs: number;
  /** Calls that may go at once when the budget has been idle (at least 1). */
  burst: number;
  /** A reservation further ahead than this is refused instead of made. */
  maxWaitMs: number;
}

export type Reservation =
  | {
      granted: true;
      /** Wait this long, then send. */ waitMs: number;
      /** Store clock. */ at: number;
    }
  | { granted: false; /** The earliest a later try could be granted. */ retryInMs: number };

/** One counter of failed attempts and the delays it imposes once past its free attempts. */
export interface ThrottleRule {
  key: string;
  /** Attempts without any delay. */
  free: number;
  /** The delay after the first attempt past `free`; it doubles with each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The count is forgotten this long after the last attempt. */
  windowMs: number;
}

/** An attempt counted (waitMs 0, with each rule's count now), or refused (waitMs > 0). */
export type ThrottleOutcome = { waitMs: 0; attempts: number[] } | { waitMs: number };

export interface ThrottleState {
  attempts: number;
  /** Milliseconds until the next attempt may be made (0: now). */
  waitMs: number;
}

export interface SharedStore {
  readonly kind: "memory" | "redis";

  /**
   * Resolves when the store answers. Every operation throws ApiError store_unavailable (503) when
   * the store does not answer: callers fail closed, never around it.
   */
  ping(): Promise<void>;

  get(key: string): Promise<string | null>;
  /** Several values in one round trip, in the order of `keys`. */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when the key is absent (a lock); true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Sets only when the key exists: an update that must not bring back what was deleted. */
  setIfPresent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Adds one to a counter (absent: 0) and sets its expiry; resolves with the new value. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Deletes only while the key still holds `value` (one's own lock, the token one was refused with). */
  deleteIfEquals(key: string, value: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Renews the expiry of a key only while it holds `value` (one's own lock); true when it did. */
  extendIfEquals(key: string, value: string, ttlMs: number): Promise<boolean>;

  /**
   * Sends `message` to every subscriber of `channel`, on every replica. Nothing is kept: a
   * replica that subscribes later reads the current state from a key instead.
   */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `listener` with each message published on `channel` from now on; resolves once the
   * subscription holds, with the function that ends it. A lost connection resubscribes by itself.
   */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;

  /** Reserves the next call of a shared rate budget (GCRA); refused when it is too far ahead. */
  reserve(key: string, rate: RateSpec): Promise<Reservation>;

  /**
   * Counts one attempt against every rule, unless one of them still imposes a delay: then nothing
   * is counted and the longest wait is returned. All rules are checked and counted atomically, so
   * parallel attempts cannot all pass a check made before any of them was counted.
   */
  throttleAttempt(rules: readonly ThrottleRule[]): Promise<ThrottleOutcome>;
  /** Gives back the attempt counted last (it succeeded); `reset` keys are cleared instead. */
  throttleGiveBack(rules: readonly ThrottleRule[], reset: readonly string[]): Promise<void>;
  /** The counter of one rule, as the next attempt would find it. */
  throttleState(rule: ThrottleRule): Promise<ThrottleState>;

  close(): Promise<void>;
}

/** The delay a rule imposes after `attempts` counted attempts. */
export function throttleDelayMs(rule: ThrottleRule, attempts: number): number {
  if (attempts < rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** (attempts - rule.free));
}
