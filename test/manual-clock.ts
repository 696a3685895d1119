import type { Clock } from "@/lib/shared/core/clock";

// A clock that moves only when a test moves it. Timers fire in time order (ties in the order they
// were set), each one after the work the previous one set off has run, so code that waits on the
// clock runs as it would in real time, only without the waiting.

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
}

/** Lets pending promise callbacks (and I/O already completed) run before the clock moves on. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

export class ManualClock implements Clock {
  #now: number;
  #seq = 0;
  #timers: Timer[] = [];

  /** Starts at a fixed instant, so that nothing depends on when the test runs. */
  constructor(start = Date.UTC(2026, 0, 15, 9, 0, 0)) {
    this.#now = start;
  }

  now = (): number => this.#now;

  sleep = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      this.schedule(resolve, ms);
    });

  schedule = (fn: () => void, ms: number): (() => void) => {
    const timer = { at: this.#now + Math.max(0, ms), seq: this.#seq++, fn };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((t) => t !== timer);
    };
  };

  /** Timers set and not yet fired or cancelled. */
  get pending(): number {
    return this.#timers.length;
  }

  /** Moves the clock `ms` forward, firing every timer due on the way, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    await flush();
    for (let timer = this.#next(); timer && timer.at <= target; timer = this.#next()) {
      this.#fire(timer);
      await flush();
    }
    this.#now = target;
  }

  /**
   * Settles `promise`, moving the clock from one timer to the next while it is pending: the wait
   * it would have in real time, in none. It fails after `limitMs` of this clock, and when the
   * promise is pending with no timer left to fire, unless `io` says it may be waiting for I/O
   * (a request to a server in the test): then real time passes until a timer is set. With `io`,
   * the code must set no timer while its I/O is under way, or the clock would move meanwhile.
   */
  async run<T>(
    promise: Promise<T>,
    { limitMs = 3_600_000, io = false }: { limitMs?: number; io?: boolean } = {},
  ): Promise<T> {
    let settled = false;
    const watched = promise.finally(() => {
      settled = true;
    });
    watched.catch(() => undefined); // its rejection is the caller's, through the return below
    const limit = this.#now + limitMs;
    await flush();
    while (!settled) {
      const timer = this.#next();
      if (!timer && io) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      if (!timer) throw new Error("ManualClock.run: the promise waits on something but the clock");
      if (timer.at > limit) throw new Error(`ManualClock.run: still pending after ${limitMs} ms`);
      this.#fire(timer);
      await flush();
    }
    return watched;
  }

  #next(): Timer | undefined {
    let next: Timer | undefined;
    for (const timer of this.#timers) {
      if (!next || timer.at < next.at || (timer.at === next.at && timer.seq < next.seq)) {
        next = timer;
      }
    }
    return next;
  }

  #fire(timer: Timer): void {
    this.#timers = this.#timers.filter((t) => t !== timer);
    this.#now = Math.max(this.#now, timer.at);
    timer.fn();
  }
}
