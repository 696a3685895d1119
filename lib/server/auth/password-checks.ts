import "server-only";

// Password checks are the most expensive thing the console does for an anonymous caller (a
// bcrypt comparison: a quarter of a second of CPU at cost 12). The throttle stops repeated
// guesses from one address, but guesses spread over many addresses each get a check; without a
// bound they would take every core from the analysts already signed in. So a few checks run at
// a time, a few more wait their turn, and beyond that sign-in answers "busy" at once.

export class BusyError extends Error {
  override name = "BusyError";
}

export class CheckQueue {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    private readonly concurrent: number,
    private readonly maxWaiting: number,
  ) {}

  /** Runs `check` when a place is free; throws BusyError when too many already wait. */
  async run<T>(check: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrent) {
      if (this.#waiting.length >= this.maxWaiting) throw new BusyError();
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await check();
    } finally {
      const next = this.#waiting.shift();
      if (next)
        next(); // the place passes on, still counted as running
      else this.#running--;
    }
  }
}
