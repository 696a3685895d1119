import "server-only";
import type { Clock } from "@/lib/shared/core/clock";
import { Lease } from "./lease";
import type { SharedStore } from "./types";

// A leased loop: recurring work that one replica of the cluster does at a time. Every replica
// runs the loop; at each turn it takes the key's lease, or extends it while it holds it, and
// only then runs one step; the step says when the next turn comes. A replica that did not get
// the lease (another holds it, or the store does not answer) does no work and looks again an
// interval later: when the holder dies, its lease lapses and another takes the work over within
// a few intervals. Stopping ends the turns and lets the lease go, by owner only (./lease.ts).
// The sync's worker per deployment and the live queue's watch per view are each one of these.

export interface LeasedLoopOptions {
  store: SharedStore;
  /** The lease's key: one holder per key across every replica. */
  key: string;
  /** How long a take or an extension lasts unrenewed: past the longest step, and a few turns. */
  leaseMs: number;
  /** This replica's name on the lease. */
  owner?: string;
  clock: Clock;
  /** The wait after a turn without the lease, or whose step failed. */
  intervalMs: number;
  /**
   * One step, run while this replica holds the lease (taken or extended just before); resolves
   * with how long until the next turn. A rejection waits an interval.
   */
  step: () => Promise<number>;
  /**
   * Asked before the lease at each turn: a number skips the turn (the step could not be done
   * here anyway) and waits that long, undefined goes on.
   */
  before?: () => Promise<number | undefined>;
  /** Told each turn that found the lease another's (or the store down): drop what it held. */
  onLost?: () => void;
  /** Runs each turn (the caller's count of work under way, which its tests await). */
  track?: <T>(work: () => Promise<T>) => Promise<T>;
}

export class LeasedLoop {
  readonly lease: Lease;
  readonly #options: LeasedLoopOptions;
  #started = false;
  #stopped = false;
  #turning = false;
  #cancel: () => void = () => undefined;
  /** When the next turn is set for (the clock's ms; Infinity: none is). */
  #nextAt = Infinity;

  constructor(options: LeasedLoopOptions) {
    this.#options = options;
    this.lease = new Lease(options.store, options.key, {
      ttlMs: options.leaseMs,
      ...(options.owner !== undefined && { owner: options.owner }),
    });
  }

  /** Whether this replica held the lease at its last turn. */
  get held(): boolean {
    return this.lease.held;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Takes its first turn now, and the next ones each when its step says. */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    this.#tick();
  }

  /**
   * Brings the next turn forward to `ms` from now at the latest, while this replica holds the
   * lease (a turn under way sets the next itself, and may read what asked for this one).
   */
  wake(ms: number): void {
    if (!this.lease.held || this.#turning || !this.#started) return;
    if (this.#options.clock.now() + ms < this.#nextAt) this.#schedule(ms);
  }

  /** One turn now, apart from the timer (tests); resolves with how long until the next. */
  turn(): Promise<number> {
    return this.#track(() => this.#turn());
  }

  /** No turn from now on (a step may call it: the work is over for this process). */
  halt(): void {
    this.#stopped = true;
    this.#cancel();
    this.#nextAt = Infinity;
  }

  /**
   * Stops: no turn from now on, then, once `settled` resolves (the step under way is done), the
   * lease goes. Never rejects.
   */
  async stop(settled?: () => Promise<void>): Promise<void> {
    this.halt();
    await settled?.().catch(() => undefined);
    await this.lease.release();
  }

  #track<T>(work: () => Promise<T>): Promise<T> {
    return this.#options.track ? this.#options.track(work) : work();
  }

  #tick(): void {
    if (this.#stopped) return;
    this.#turning = true;
    void this.#track(() =>
      this.#turn().then((nextInMs) => {
        this.#turning = false;
        this.#schedule(nextInMs);
      }),
    );
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    this.#cancel();
    const wait = Math.max(0, ms);
    this.#nextAt = this.#options.clock.now() + wait;
    this.#cancel = this.#options.clock.schedule(() => this.#tick(), wait);
  }

  /** Never rejects: a failed step, or store, waits an interval. */
  async #turn(): Promise<number> {
    const { intervalMs, before, step, onLost } = this.#options;
    if (this.#stopped) return intervalMs;
    try {
      const skip = await before?.();
      if (skip !== undefined) return skip;
      if (!(await this.lease.takeOrExtend().catch(() => false))) {
        onLost?.();
        return intervalMs;
      }
      if (this.#stopped) return intervalMs;
      return await step();
    } catch {
      return intervalMs;
    }
  }
}
