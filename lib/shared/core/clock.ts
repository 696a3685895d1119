// Time as the code that waits sees it: the real one in the app, a manual one in tests
// (test/manual-clock.ts), so that a test of a wait does not have to sit through it.

export interface Clock {
  /** Milliseconds: epoch for systemClock, a monotonic count for monotonicClock. */
  now(): number;
  /** Resolves once `ms` of this clock's time has passed. */
  sleep(ms: number): Promise<void>;
  /** Calls `fn` once `ms` of this clock's time has passed, unless the returned cancel is called. */
  schedule(fn: () => void, ms: number): () => void;
}

function schedule(fn: () => void, ms: number): () => void {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Wall-clock time: for instants other processes compare (a token's expiry in the store). */
export const systemClock: Clock = { now: () => Date.now(), sleep, schedule };

/** A monotonic count: for durations, which a step of the wall clock must not stretch or cut. */
export const monotonicClock: Clock = { now: () => performance.now(), sleep, schedule };
