import "server-only";

// Analysts' reads under way upstream on this replica, and who waits for a moment with none: a
// bulk reader (an export) waits for a gap, so that its large pages do not share the upstream's
// (and this process's) time with a page an analyst waits for. The budget's background queue
// covers calls waiting for the budget; this covers calls already sent.

export class AnalystReads {
  #inFlight = 0;
  #idle: (() => void)[] = [];

  /** Runs an analyst's read, counted as under way until it settles. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    this.#inFlight++;
    try {
      return await call();
    } finally {
      if (--this.#inFlight === 0) for (const wake of this.#idle.splice(0)) wake();
    }
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** Resolves once no analyst's read is under way, or after `maxWaitMs` (never starved). */
  idle(maxWaitMs: number): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, maxWaitMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#idle.push(done);
    });
  }
}
