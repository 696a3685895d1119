import "server-only";
import type { Kysely } from "kysely";
import type { AlarmDetail } from "@/lib/shared/alarms/types";
import { systemClock, type Clock } from "@/lib/shared/core/clock";
import { ApiError } from "@/lib/shared/core/errors";
import type { IndexStatus } from "@/lib/shared/deployments/index-status";
import type { Database, DatabaseState } from "@/lib/server/db";
import type { IndexEnv } from "@/lib/server/env/index-db";
import type { SharedStore } from "@/lib/server/store";
import { indexedAlarmOf, type UsmClient } from "@/lib/server/usm";
import { forgetAlarms } from "@/lib/server/mirror/forget";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { publishIndexNotice } from "@/lib/server/mirror/live-notices";
import { readIndexStatuses } from "@/lib/server/mirror/sync/status";
import { SyncWorker } from "@/lib/server/mirror/sync/worker";

// The index's sync on this server: once the database is open (a PostgreSQL server that is down
// at start is asked again until it answers), a worker per deployment, each syncing when it holds
// its deployment's lease. It also answers what the status of each deployment's index is (from
// the database, so every replica says the same), and writes an alarm an analyst just read.

export interface IndexSyncOptions {
  deployments: readonly { key: string; client(): UsmClient }[];
  store: SharedStore;
  index: Pick<IndexEnv, "intervalMs" | "pageSize" | "retentionMs">;
  /** This process's database, or why it has none (lib/server/db's databaseState). */
  database: () => Promise<DatabaseState>;
  clock?: Clock;
  owner?: string;
}

/** Asked again this long after the database could not be opened, at the soonest. */
const REOPEN_MS = 5_000;

const status = (state: IndexStatus["state"], reason: string | null): IndexStatus => ({
  state,
  syncedAt: null,
  backfill: null,
  reason,
});

export class IndexSync {
  readonly #options: IndexSyncOptions;
  readonly #clock: Clock;
  readonly #workers: SyncWorker[] = [];
  /** Settles once the database has been asked for the first time (and workers started). */
  readonly ready: Promise<void>;
  #db: Kysely<Database> | null = null;
  #reason: string | null = null;
  #stopped = false;
  #cancelReopen: () => void = () => undefined;
  /** The last reason logged per deployment: a failure repeating every interval is logged once. */
  readonly #logged = new Map<string, string>();

  constructor(options: IndexSyncOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.ready = this.#open();
  }

  /** The workers of this server (tests). */
  get workers(): readonly SyncWorker[] {
    return this.#workers;
  }

  async #open(): Promise<void> {
    const state = await this.#options.database().catch((): DatabaseState => ({
      ok: false,
      reason: "the index's database could not be opened",
      retryAt: Date.now() + REOPEN_MS,
    }));
    if (this.#stopped) return;
    if (!state.ok) {
      this.#reason = state.reason;
      if (state.retryAt !== null) {
        const waitMs = Math.max(REOPEN_MS, state.retryAt - Date.now());
        this.#cancelReopen = this.#clock.schedule(() => void this.#open(), waitMs);
      }
      return;
    }
    this.#db = state.database.db;
    this.#reason = null;
    const { intervalMs, pageSize, retentionMs } = this.#options.index;
    if (intervalMs <= 0) return;
    for (const deployment of this.#options.deployments) {
      const worker = new SyncWorker({
        deployment: deployment.key,
        client: deployment.client(),
        db: state.database.db,
        store: this.#options.store,
        intervalMs,
        pageSize,
        retentionMs,
        clock: this.#clock,
        owner: this.#options.owner,
        onFailure: (reason, error) => this.#log(deployment.key, reason, error),
      });
      this.#workers.push(worker);
      worker.start();
    }
  }

  #log(deployment: string, reason: string, error: unknown): void {
    if (this.#logged.get(deployment) === reason) return;
    this.#logged.set(deployment, reason);
    // The server's log, for operators: the database's own error says more than the reason.
    console.warn(`[index] ${deployment}: ${reason}`, error instanceof Error ? error.message : "");
  }

  /** Stops every worker after its step under way; their leases go. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#cancelReopen();
    await Promise.all(this.#workers.map((worker) => worker.stop()));
  }

  /** The index's status of each of `deployments`, as every replica sees it. */
  async statuses(deployments: readonly string[]): Promise<Map<string, IndexStatus>> {
    const all = (one: IndexStatus) => new Map(deployments.map((key) => [key, one]));
    const { intervalMs } = this.#options.index;
    if (!this.#db) {
      return all(
        this.#reason === null ? status("starting", null) : status("unavailable", this.#reason),
      );
    }
    if (intervalMs <= 0) {
      return all(
        status("off", "The index is not kept in step with the deployments on this console."),
      );
    }
    return readIndexStatuses(this.#db, deployments, this.#clock.now(), intervalMs);
  }

  /**
   * Writes an alarm an analyst just read into its deployment's index (its status and labels as
   * of now), in the background: it never delays nor fails the read. A row it changed is told to
   * every replica (../live-notices.ts).
   */
  refresh(detail: AlarmDetail): void {
    const db = this.#db;
    if (!db || this.#stopped) return;
    try {
      const alarm = indexedAlarmOf(detail);
      const { deployment } = detail;
      const at = this.#clock.now();
      void ingestAlarms(db, deployment, [alarm], at)
        .then(({ written }) => {
          if (written === 0) return;
          // Every replica's views of it learn of the change (never the read's failure either).
          const notice = { type: "rows", deployment, kind: "refresh", rows: written, at } as const;
          return publishIndexNotice(this.#options.store, notice);
        })
        .catch(() => undefined);
    } catch {
      // Never the read's failure: the sync reads the alarm again in its time.
    }
  }

  /**
   * Takes an alarm the upstream answered 404 for out of its deployment's index at once (every
   * row the ingest wrote for it, never the team's triage), and tells every replica's views to
   * count again. Resolves once done; never rejects (the sync's reconciliation removes it anyway).
   */
  async forget(deployment: string, uuid: string): Promise<void> {
    const db = this.#db;
    if (!db || this.#stopped) return;
    try {
      const rows = await forgetAlarms(db, deployment, [uuid]);
      if (rows === 0) return;
      const at = this.#clock.now();
      const notice = { type: "rows", deployment, kind: "refresh", rows, at } as const;
      await publishIndexNotice(this.#options.store, notice);
    } catch {
      // Never the read's failure: reconciliation finds the alarm gone in its time.
    }
  }
}

const KEY = Symbol.for("alarm-console.index-sync");
type Holder = { [KEY]?: IndexSync };

/** Makes `sync` this process's (the services do, at start-up). */
export function setProcessIndexSync(sync: IndexSync | undefined): void {
  (globalThis as Holder)[KEY] = sync;
}

const NOT_HERE = status("off", "The index's sync does not run on this server.");

/** The index's status of each of `deployments` on this server's sync. */
export async function indexStatuses(
  deployments: readonly string[],
): Promise<Map<string, IndexStatus>> {
  const sync = (globalThis as Holder)[KEY];
  return sync ? sync.statuses(deployments) : new Map(deployments.map((key) => [key, NOT_HERE]));
}

/** The index's status of one deployment. */
export async function indexStatus(deployment: string): Promise<IndexStatus> {
  return (await indexStatuses([deployment])).get(deployment)!;
}

/** Writes an alarm an analyst just read into the index, when this server has one open. */
export function refreshIndexedAlarm(detail: AlarmDetail): void {
  (globalThis as Holder)[KEY]?.refresh(detail);
}

/**
 * Takes an alarm the deployment answered 404 for out of the index, when this server has one
 * open; resolves once it is gone (never rejects).
 */
async function forgetIndexedAlarm(deployment: string, uuid: string): Promise<void> {
  await (globalThis as Holder)[KEY]?.forget(deployment, uuid);
}

/**
 * What a read of an alarm's detail does with its failure before rethrowing it: the deployment's
 * 404 (not_found) takes the alarm out of the index at once; any other failure leaves it be.
 */
export async function forgetIfGone(
  error: unknown,
  deployment: string,
  uuid: string,
): Promise<void> {
  if (error instanceof ApiError && error.code === "not_found") {
    await forgetIndexedAlarm(deployment, uuid);
  }
}
