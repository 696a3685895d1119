import "server-only";

// Turns at a scarce thing (the index's engine, for its costly reads) shared fairly between
// analysts: at most `perAnalyst` held by one analyst and `total` by everyone. Where ./slots.ts
// refuses at once (a live stream, an export: things an analyst opens), this queues: a search is
// worth waiting a moment for. Fair by time, not by turns: when a turn frees, it goes to the
// waiting analyst who has held turns the least lately (the time held, halving every
// USAGE_HALF_LIFE_MS), ties to whoever has waited longest since their last turn. An analyst who
// sent eight searches at once is served one at a time, and one whose searches hold the engine for
// seconds each waits while a colleague's export goes on batch by batch (a turn each would have
// given the export one 0.1 s batch per 5 s search: measured, an export of 100,000 alarms then took
// longer than 10 minutes). A waiter gives up at its deadline or when its request is aborted.

/** How fast the memory of time held fades: an analyst idle this long counts half as much. */
export const USAGE_HALF_LIFE_MS = 30_000;

export interface FairSlotLimits {
  perAnalyst: number;
  total: number;
}

interface Waiter {
  grant(release: () => void): void;
  fail(error: unknown): void;
}

export class FairSlots {
  readonly #limits: FairSlotLimits;
  readonly #now: () => number;
  readonly #held = new Map<string, number>();
  // Time each analyst held turns, as of `at` (faded since by the half-life).
  readonly #usage = new Map<string, { ms: number; at: number }>();
  #total = 0;
  // Analysts with waiters, in the order their next turn comes (a Map keeps insertion order).
  readonly #queues = new Map<string, Waiter[]>();

  constructor(limits: FairSlotLimits, now: () => number = () => performance.now()) {
    this.#limits = limits;
    this.#now = now;
  }

  /** The time `analyst` held turns lately (ms, faded). */
  usage(analyst: string): number {
    const usage = this.#usage.get(analyst);
    if (!usage) return 0;
    const faded = usage.ms * 0.5 ** ((this.#now() - usage.at) / USAGE_HALF_LIFE_MS);
    // Forgotten once it no longer matters (keeps the map to the analysts active lately).
    if (faded < 1) this.#usage.delete(analyst);
    return faded < 1 ? 0 : faded;
  }

  /**
   * A turn for `analyst`: resolves with its release (call it once the work is done), or rejects
   * with `timeout()` after `maxWaitMs`, or with the signal's reason when it aborts first.
   */
  acquire(
    analyst: string,
    options: { maxWaitMs: number; timeout: () => unknown; signal?: AbortSignal },
  ): Promise<() => void> {
    options.signal?.throwIfAborted();
    if (!this.#queues.has(analyst) && this.#free(analyst)) {
      return Promise.resolve(this.#take(analyst));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: (release) => {
          done();
          resolve(release);
        },
        fail: (error) => {
          done();
          this.#forget(analyst, waiter);
          reject(error);
        },
      };
      const timer = setTimeout(() => waiter.fail(options.timeout()), options.maxWaitMs);
      const onAbort = () => waiter.fail(options.signal?.reason);
      options.signal?.addEventListener("abort", onAbort, { once: true });
      const done = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
      };
      const queue = this.#queues.get(analyst);
      if (queue) queue.push(waiter);
      else this.#queues.set(analyst, [waiter]);
    });
  }

  /** Turns held now: by `analyst`, or by everyone. */
  held(analyst?: string): number {
    return analyst === undefined ? this.#total : (this.#held.get(analyst) ?? 0);
  }

  /** Requests waiting for a turn now. */
  waiting(): number {
    let count = 0;
    for (const queue of this.#queues.values()) count += queue.length;
    return count;
  }

  #free(analyst: string): boolean {
    return (
      this.#total < this.#limits.total && (this.#held.get(analyst) ?? 0) < this.#limits.perAnalyst
    );
  }

  #take(analyst: string): () => void {
    this.#held.set(analyst, (this.#held.get(analyst) ?? 0) + 1);
    this.#total++;
    const from = this.#now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = this.#now();
      this.#usage.set(analyst, { ms: this.usage(analyst) + (now - from), at: now });
      const left = (this.#held.get(analyst) ?? 1) - 1;
      if (left > 0) this.#held.set(analyst, left);
      else this.#held.delete(analyst);
      this.#total--;
      this.#next();
    };
  }

  /** Grants freed turns: each to the analyst in line who held turns least lately. */
  #next(): void {
    while (this.#total < this.#limits.total) {
      let next: { analyst: string; queue: Waiter[]; usage: number } | null = null;
      for (const [analyst, queue] of this.#queues) {
        if (!this.#free(analyst)) continue;
        const usage = this.usage(analyst);
        if (next === null || usage < next.usage) next = { analyst, queue, usage };
      }
      if (next === null) return;
      const waiter = next.queue.shift()!;
      // To the back of the line: among equals, the next turn is someone else's.
      this.#queues.delete(next.analyst);
      if (next.queue.length > 0) this.#queues.set(next.analyst, next.queue);
      waiter.grant(this.#take(next.analyst));
    }
  }

  #forget(analyst: string, waiter: Waiter): void {
    const queue = this.#queues.get(analyst);
    if (!queue) return;
    const at = queue.indexOf(waiter);
    if (at >= 0) queue.splice(at, 1);
    if (queue.length === 0) this.#queues.delete(analyst);
  }
}
