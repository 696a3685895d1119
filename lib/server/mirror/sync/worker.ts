import "server-only";
import type { Kysely } from "kysely";
import { systemClock, type Clock } from "@/lib/shared/core/clock";
import { ApiError } from "@/lib/shared/core/errors";
import { recordSyncFailure, setBackfillProgress, setSyncLag } from "@/lib/server/core/metrics";
import type { Database } from "@/lib/server/db";
import { schemaIsNewer } from "@/lib/server/db/migrations";
import { Activity } from "@/lib/server/live/activity";
import type { SharedStore } from "@/lib/server/store";
import { LeasedLoop } from "@/lib/server/store/leased-loop";
import { readIndexPage, type IndexPage, type IndexWindow, type UsmClient } from "@/lib/server/usm";
import { publishIndexNotice } from "@/lib/server/mirror/live-notices";
import { RECONCILE_SPACING_MS } from "@/lib/server/mirror/sync/reconcile";
import { initialState, loadState, saveState, type SyncState } from "@/lib/server/mirror/sync/state";
import { dueStep, nextDueInMs } from "@/lib/server/mirror/sync/due";
import {
  backfillStep,
  followStep,
  reconcileStep,
  retentionStep,
  type ReadKind,
  type StepContext,
} from "@/lib/server/mirror/sync/steps";

// One deployment's sync worker. Every replica runs one per deployment, a leased loop
// (lib/server/store/leased-loop.ts): the one holding the deployment's lease (`index-sync:<key>`,
// taken or extended at every step) does the work, the others only look for the lease each
// interval and take over when its holder is gone. A step is one upstream read, in a turn of the
// sync's share of the deployment's budget (its class `index`; a backfill step also reads the
// next page ahead, in a turn of its own), and its state is saved after it (./state.ts): stopped
// anywhere, the next holder goes on where it was. A failed step (the upstream, the database) is
// written into the state for the status to show, and tried again an interval later: nothing
// crashes, nothing needs a restart.

export interface WorkerOptions {
  deployment: string;
  client: UsmClient;
  db: Kysely<Database>;
  /** Where the lease lives (every replica's). */
  store: SharedStore;
  intervalMs: number;
  /** The configured page size (INDEX_PAGE_SIZE). */
  pageSize: number;
  retentionMs: number;
  /** Wall-clock time: the state's times are compared across replicas. */
  clock?: Clock;
  /** This replica's name on the lease. */
  owner?: string;
  reconcileSpacingMs?: number;
  /** Told each failure (for the logs); the state keeps its reason for analysts. */
  onFailure?: (reason: string, error: unknown) => void;
}

/** Why a worker stopped for good: the index's schema is newer than its code. */
export const NEWER_SCHEMA =
  "a newer version of the console has upgraded the index: this process's sync stops, for a replica of that version to take over";

/** How far ahead a turn in the sync's share may be booked before the step waits for later. */
const MAX_BOOKING_MS = 60_000;

/** The database failed, or something else than the upstream did: what an analyst reads. */
const INDEX_FAILED = "The index could not be written or read; the sync tries again by itself.";

class NoTurn extends Error {
  constructor(readonly retryInMs: number) {
    super("no turn in the sync's share yet");
  }
}

class Stopped extends Error {}

/** What a failure means to an analyst: the vendor client's words, never a URL, token or SQL. */
function reasonOf(error: unknown): string {
  return error instanceof ApiError ? error.message : INDEX_FAILED;
}

export class SyncWorker {
  readonly #options: WorkerOptions;
  readonly #clock: Clock;
  readonly #loop: LeasedLoop;
  readonly #leaseMs: number;
  readonly #activity: Activity;
  readonly #reads: Record<ReadKind, number> = { follow: 0, backfill: 0, reconcile: 0 };
  /** Whether this holder has measured the backfill's pace from its own first page yet. */
  #paced = false;
  /**
   * The backfill's page read ahead (steps.ts, readAhead): its window, as a key, and the read.
   * Dropped at any other step and whenever the lease is not held: a page read before another
   * step (or another holder) wrote would overwrite what that one wrote since.
   */
  #ahead: { kind: ReadKind; key: string; page: Promise<IndexPage> } | null = null;
  /** When the last turn this worker booked comes (epoch ms): the lease must last past it. */
  #turnAt = 0;

  constructor(options: WorkerOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#activity = new Activity(this.#clock);
    // Past a step that waits for its turn, short enough that another replica takes over within
    // a few intervals when this one dies.
    this.#leaseMs = 3 * options.intervalMs + 30_000;
    this.#loop = new LeasedLoop({
      store: options.store,
      key: `index-sync:${options.deployment}`,
      leaseMs: this.#leaseMs,
      ...(options.owner !== undefined && { owner: options.owner }),
      clock: this.#clock,
      intervalMs: options.intervalMs,
      step: () => this.#step(),
      // Another holder, or none: a page read ahead would overwrite what the next holder writes.
      onLost: () => (this.#ahead = null),
      track: (work) => this.#activity.run(work),
    });
  }

  get deployment(): string {
    return this.#options.deployment;
  }

  /** Whether this worker held the deployment's lease at its last step. */
  get holding(): boolean {
    return this.#loop.held;
  }

  /** Upstream reads this worker sent, by what they were for. */
  reads(): Readonly<Record<ReadKind, number>> {
    return { ...this.#reads };
  }

  /** Runs its steps from now on, each when due. */
  start(): void {
    this.#loop.start();
  }

  /** Stops after the step under way, and lets the lease go. */
  stop(): Promise<void> {
    return this.#loop.stop(() => this.#activity.settled());
  }

  /** Resolves once no step is under way other than waiting on the clock (tests). */
  settled(): Promise<void> {
    return this.#activity.settled();
  }

  /**
   * One step when this worker holds the lease and one is due; resolves with how long until the
   * next (the loop calls it; tests may drive it themselves). Never rejects.
   */
  step(): Promise<number> {
    return this.#loop.turn();
  }

  /** The step of a turn that holds the lease. */
  async #step(): Promise<number> {
    const { intervalMs, db, deployment } = this.#options;
    if (await schemaIsNewer(db).catch(() => false)) {
      // A newer version upgraded the index under this process: its writes would lack what the
      // newer one reads. It lets the deployment go, to a replica of the newer version.
      this.#options.onFailure?.(NEWER_SCHEMA, null);
      await this.#loop.stop();
      return intervalMs;
    }
    const now = this.#clock.now();
    let state: SyncState;
    try {
      state = await this.#load(now);
    } catch (error) {
      this.#options.onFailure?.(reasonOf(error), error);
      return intervalMs; // the database: nothing to write the failure to either
    }
    const due = dueStep(state, now, intervalMs);
    if (!due) return nextDueInMs(state, now, intervalMs);
    try {
      const after = await this.#run(due, state, now);
      await saveState(db, deployment, { ...after, failure: null }, this.#clock.now());
      this.#measure(after);
      return nextDueInMs(after, this.#clock.now(), intervalMs);
    } catch (error) {
      if (error instanceof NoTurn) return error.retryInMs;
      if (error instanceof Stopped) return intervalMs;
      const reason = reasonOf(error);
      this.#options.onFailure?.(reason, error);
      recordSyncFailure(deployment);
      const failure = {
        reason,
        since: state.failure?.since ?? now,
        count: (state.failure?.count ?? 0) + 1,
      };
      await saveState(db, deployment, { ...state, failure }, this.#clock.now()).catch(
        () => undefined,
      );
      return intervalMs;
    }
  }

  /** The sync's gauges of this replica (while it holds the lease): lag and backfill progress. */
  #measure(state: SyncState): void {
    const { deployment } = this.#options;
    if (state.syncedAt !== null) {
      setSyncLag(deployment, (this.#clock.now() - state.syncedAt) / 1_000);
    }
    const { backfill } = state;
    setBackfillProgress(
      deployment,
      !backfill ? 1 : backfill.indexed / (backfill.estimate || Infinity),
    );
  }

  async #load(now: number): Promise<SyncState> {
    const { db, deployment, pageSize, retentionMs } = this.#options;
    const stored = await loadState(db, deployment);
    const state = stored?.state ?? initialState(now, pageSize, retentionMs);
    // A new configuration's page size is tried afresh (a refusal halves it again).
    return state.configuredPageSize === pageSize
      ? state
      : { ...state, pageSize, configuredPageSize: pageSize };
  }

  #run(due: NonNullable<ReturnType<typeof dueStep>>, state: SyncState, now: number) {
    const context = this.#context();
    if (due !== "backfill") this.#ahead = null;
    switch (due) {
      case "follow":
        return followStep(context, state, now);
      case "backfill": {
        const paceFrom = !this.#paced;
        this.#paced = true;
        return backfillStep(context, state, now, paceFrom);
      }
      case "reconcile":
        return reconcileStep(context, state, now);
      case "retention":
        return retentionStep(context, state, now);
    }
  }

  #context(): StepContext {
    const { deployment, db, client, retentionMs } = this.#options;
    return {
      deployment,
      db,
      client,
      retentionMs,
      reconcileSpacingMs: this.#options.reconcileSpacingMs ?? RECONCILE_SPACING_MS,
      read: (kind, send) => this.#read(kind, send),
      readAhead: (kind, window) => this.#readAhead(kind, window),
      takeAhead: (kind, window) => this.#takeAhead(kind, window),
      notify: (notice) => publishIndexNotice(this.#options.store, notice),
    };
  }

  #readAhead(kind: ReadKind, window: IndexWindow): void {
    if (this.#loop.stopped) return;
    const { client } = this.#options;
    // Counted as under way while it reads (not while it waits for its turn); its failure is the
    // taker's (below).
    const page = this.#activity.run(() => this.#read(kind, () => readIndexPage(window, client)));
    page.catch(() => undefined);
    this.#ahead = { kind, key: JSON.stringify(window), page };
  }

  #takeAhead(kind: ReadKind, window: IndexWindow): Promise<IndexPage> | null {
    const ahead = this.#ahead;
    if (!ahead || ahead.kind !== kind) return null;
    this.#ahead = null;
    if (ahead.key !== JSON.stringify(window)) return null;
    // The step's own extension of the lease may end before the turn the read ahead waits for.
    const waitMs = this.#turnAt - this.#clock.now();
    const leased =
      waitMs > 0 ? this.#loop.lease.extend(waitMs + this.#leaseMs) : Promise.resolve(true);
    return leased.then(() =>
      ahead.page.catch((error: unknown) => {
        // Without a turn then (or stopped), it is read now as any step's read. The upstream's
        // failure or a refused size is the step's to handle, not to ask twice.
        if (error instanceof NoTurn || error instanceof Stopped) {
          return this.#read(kind, () => readIndexPage(window, this.#options.client));
        }
        throw error;
      }),
    );
  }

  /** One upstream read in a turn of the sync's share; the lease is kept while the turn waits. */
  async #read<T>(kind: ReadKind, send: () => Promise<T>): Promise<T> {
    const turn = await this.#options.client.takeTurn("index", MAX_BOOKING_MS);
    if (!turn.granted) throw new NoTurn(turn.retryInMs);
    if (turn.waitMs > 0) {
      this.#turnAt = Math.max(this.#turnAt, this.#clock.now() + turn.waitMs);
      await this.#loop.lease.extend(turn.waitMs + this.#leaseMs);
      await this.#activity.sleep(turn.waitMs);
    }
    if (this.#loop.stopped) throw new Stopped();
    this.#reads[kind]++;
    return send();
  }
}
