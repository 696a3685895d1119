import "server-only";

// Turns at a scarce thing (the index's engine, for its costly reads) shared fairly between
// analysts: at most `perAnalyst` held by one analyst and `total` by everyone. Where ./slots.ts
// refuses at once (a live stream, an export: things an analyst opens), this queues: a search is
// worth waiting a moment for. When a turn frees, it goes to the analyst who has waited longest
// since their last turn, not to the oldest request: an analyst who sent eight searches at once
// gets one turn in each round, so a colleague's one search waits for at most one of theirs.
// A waiter gives up at its deadline or when its request is aborted.

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
  readonly #held = new Map<string, number>();
  #total = 0;
  // Analysts with waiters, in the order their next turn comes (a Map keeps insertion order).
  readonly #queues = new Map<string, Waiter[]>();

  constructor(limits: FairSlotLimits) {
    this.#limits = limits;
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
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#held.get(analyst) ?? 1) - 1;
      if (left > 0) this.#held.set(analyst, left);
      else this.#held.delete(analyst);
      this.#total--;
      this.#next();
    };
  }

  /** Grants freed turns: each to the first analyst in line who may hold one more. */
  #next(): void {
    for (const [analyst, queue] of this.#queues) {
      if (this.#total >= this.#limits.total) return;
      if (!this.#free(analyst)) continue;
      const waiter = queue.shift()!;
      // To the back of the line: the next turn is someone else's.
      this.#queues.delete(analyst);
      if (queue.length > 0) this.#queues.set(analyst, queue);
      waiter.grant(this.#take(analyst));
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
