import "server-only";
import { ApiError } from "@/lib/shared/core/errors";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import type { SharedStore } from "@/lib/server/store";
import { Lease } from "@/lib/server/store/lease";

// Seeding a deployment's catalogue (./catalogue.ts) from a first sample of its alarms: once for
// all replicas (a lease), once at a time in each (callers join the flight). A replica that finds
// another seeding waits for its result, as long as that one's lease lives. A failed sample is
// logged, the values known are answered, and this replica tries again seedRetryMs later.

/** What seeding needs of the catalogue it seeds. */
export interface Seedable {
  /** Seeded: the store says so, or this replica's mark has yet to reach it. */
  isSeeded(): boolean;
  /** Reads the store's document into this replica's copy. */
  refresh(): Promise<void>;
  /** Reads the document, and whether a seed's lease is held, in one round trip. */
  look(leaseKey: string): Promise<{ leased: boolean }>;
  /** Records the sample's values and the seeded mark, written to the store. */
  record(alarms: readonly AlarmSummary[]): Promise<void>;
}

export interface SeedOptions {
  store: SharedStore;
  leaseKey: string;
  /** How long a seed may hold its lease: as long as the sample's reads can take. */
  leaseMs: number;
  retryMs: number;
  now: () => number;
}

/** While another replica seeds, look for its result this often. */
const POLL_MS = 50;

export class CatalogueSeed {
  #flight: Promise<void> | undefined;
  #nextTryAt = -Infinity;

  constructor(
    private readonly catalogue: Seedable,
    private readonly options: SeedOptions,
  ) {}

  /** Seeds from `sample` unless the catalogue is seeded or a failed try is too recent. */
  run(sample: () => Promise<readonly AlarmSummary[]>): Promise<void> {
    if (this.catalogue.isSeeded() || this.options.now() < this.#nextTryAt) {
      return Promise.resolve();
    }
    this.#flight ??= this.#once(sample).finally(() => {
      this.#flight = undefined;
    });
    return this.#flight;
  }

  async #once(sample: () => Promise<readonly AlarmSummary[]>): Promise<void> {
    const { store, leaseKey, leaseMs } = this.options;
    try {
      const outcome = await new Lease(store, leaseKey, { ttlMs: leaseMs }).exclusive(
        // Seeded by another replica between our look and our lease?
        async () => {
          await this.catalogue.refresh();
          return this.catalogue.isSeeded() ? true : undefined;
        },
        async () => {
          await this.catalogue.record(await sample());
          return true;
        },
      );
      if (!outcome.ran) await this.#awaitOther();
    } catch (error) {
      this.#nextTryAt = this.options.now() + this.options.retryMs;
      const code = error instanceof ApiError ? error.code : "unexpected";
      console.warn(`[usm] catalogue seed failed (${code}); answering with the values known`);
    }
  }

  /** Another replica seeds: wait until it has written, or let go of its lease, or it ends. */
  async #awaitOther(): Promise<void> {
    for (let polls = Math.ceil(this.options.leaseMs / POLL_MS); polls > 0; polls--) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const { leased } = await this.catalogue.look(this.options.leaseKey);
      if (this.catalogue.isSeeded() || !leased) return;
    }
  }
}
