import "server-only";
import { randomUUID } from "node:crypto";
import type { SharedStore } from "./types";

// A lease: one holder at a time across every replica, for a while, over the shared store. The
// one primitive behind "only one replica fetches the token", "only one seeds the catalogue" and
// "only one watches this view": take it (or extend it while held), do the work after reading
// again under it (another holder may have done it between our look and our lease), release it
// by owner only (a lease that expired and was taken by another is never released by us).

export interface LeaseOptions {
  /** How long a take or an extension lasts unrenewed. */
  ttlMs: number;
  /** This holder's name in the store; default a random one per lease. */
  owner?: string;
}

export class Lease {
  readonly #store: SharedStore;
  readonly #key: string;
  readonly #ttlMs: number;
  readonly #owner: string;
  #held = false;

  constructor(store: SharedStore, key: string, { ttlMs, owner = randomUUID() }: LeaseOptions) {
    this.#store = store;
    this.#key = key;
    this.#ttlMs = ttlMs;
    this.#owner = owner;
  }

  /** Whether this holder took or extended it last time it asked (not a look at the store). */
  get held(): boolean {
    return this.#held;
  }

  /** Takes it when nobody holds it; true when this call took it. */
  async take(ttlMs = this.#ttlMs): Promise<boolean> {
    this.#held = await this.#store.setIfAbsent(this.#key, this.#owner, ttlMs);
    return this.#held;
  }

  /** Extends it while this holder still holds it; true when it did. */
  async extend(ttlMs = this.#ttlMs): Promise<boolean> {
    this.#held = await this.#store.extendIfEquals(this.#key, this.#owner, ttlMs);
    return this.#held;
  }

  /** Extends it if held, else takes it if free: the holder of a recurring job, each round. */
  async takeOrExtend(ttlMs = this.#ttlMs): Promise<boolean> {
    return (await this.extend(ttlMs)) || this.take(ttlMs);
  }

  /** Lets it go if this holder holds it; never throws (an unreleased lease expires by itself). */
  async release(): Promise<void> {
    const wasHeld = this.#held;
    this.#held = false;
    if (!wasHeld) return;
    await this.#store.deleteIfEquals(this.#key, this.#owner).catch(() => false);
  }

  /**
   * Runs `work` under the lease when nobody else holds it, after `recheck` (read again under the
   * lease) found it still to do; releases it after. Resolves `{ ran: false }` when another holder
   * has it (the caller waits for that one's result its own way), `{ ran: true, value }` else,
   * the value being recheck's answer when the work had already been done meanwhile.
   */
  async exclusive<T>(
    recheck: () => Promise<T | undefined>,
    work: () => Promise<T>,
  ): Promise<{ ran: false } | { ran: true; value: T }> {
    if (!(await this.take())) return { ran: false };
    try {
      const done = await recheck();
      return { ran: true, value: done !== undefined ? done : await work() };
    } finally {
      await this.release();
    }
  }
}
