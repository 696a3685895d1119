import "server-only";
import type { Clock } from "@/lib/shared/core/clock";

// The work this replica's watchers have under way, counted so that a test can await the moment
// none is, other than waiting on the clock: what it awaits after moving its clock, instead of
// sleeping. Every turn, start and stop runs through here.

export class Activity {
  #busy = 0;
  #idle: Array<() => void> = [];

  constructor(private readonly clock: Clock) {}

  /** Runs `work`, counted as under way until it settles. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.#busy++;
    try {
      return await work();
    } finally {
      this.#leave();
    }
  }

  /** Sleeps on the clock inside run(), counted as idle meanwhile. */
  async sleep(ms: number): Promise<void> {
    this.#leave();
    try {
      await this.clock.sleep(ms);
    } finally {
      this.#busy++;
    }
  }

  /** Resolves once nothing is under way but waiting on the clock. */
  settled(): Promise<void> {
    if (this.#busy === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #leave(): void {
    this.#busy--;
    if (this.#busy === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }
}
