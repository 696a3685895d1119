import "server-only";
import type { DatabaseState } from "@/lib/server/db";
import type { Deployment } from "@/lib/server/deployments/registry";
import type { ServerEnv } from "@/lib/server/env";
import { IndexSync } from "@/lib/server/mirror/sync";
import { LiveHub } from "@/lib/server/live/hub";
import type { SharedStore } from "@/lib/server/store";
import { seedCatalogue } from "@/lib/server/usm";
import { noticeBus } from "@/lib/server/store/notice-bus";
import { triageNotices, type TriageNoticeBoard } from "@/lib/server/triage/notices";
import { LabelWorker } from "@/lib/server/triage/label-worker";

// The one place the server's background work starts and stops: the live queue's watchers, the
// seeding of each deployment's catalogue, the index's sync (a worker per deployment once the
// database is open) and the writing back of the verdicts' USM labels. Started once per process at start-up (instrumentation.ts, through
// ./startup.ts), stopped at shutdown; the process's one instance (./context.ts services(), on
// globalThis so that every route bundle meets the same) runs with backgroundContext(): for no one.

export interface ServicesDeps {
  /** Whom the work is for: no one (a watch's read of the index waits in the background's turn). */
  analyst: null;
  /** Whose alarms it reaches: every deployment. */
  deployments: readonly Deployment[];
  store: SharedStore;
  live: ServerEnv["live"];
  /** The index's variables and this process's database; absent: no index here. */
  index?: { env: ServerEnv["index"]; database: () => Promise<DatabaseState> };
  /** How the verdicts' labels are written back (they live in the index's database). */
  labels?: ServerEnv["labels"];
}

export class Services {
  /** The live queue's hub; null when the live queue is turned off (LIVE_INTERVAL_SECONDS=0). */
  readonly liveHub: LiveHub | null;
  /** The index's sync (its workers run when INDEX_INTERVAL_SECONDS > 0); null: no index here. */
  readonly indexSync: IndexSync | null;
  /** Writes the verdicts' USM labels back; null: no database here, or LABELS_INTERVAL_SECONDS=0. */
  readonly labelWorker: LabelWorker | null;
  /** The team's triage changes, on the process's notice bus, handed to each open stream. */
  readonly triageNotices: TriageNoticeBoard;
  /** Settles when the start-up work begun in the background has (a failure there is logged). */
  readonly started: Promise<void>;
  readonly #store: SharedStore;

  constructor({ analyst, deployments, store, live, index, labels }: ServicesDeps) {
    this.liveHub =
      live.intervalMs > 0
        ? new LiveHub({
            analyst,
            store,
            intervalMs: live.intervalMs,
            window: live.window,
            deployment: (key) => deployments.find((d) => d.key === key)?.client(),
            // Views the index answers are read from it when its sync writes, not polled.
            ...(index && {
              index: { database: index.database, intervalMs: index.env.intervalMs },
            }),
          })
        : null;
    this.triageNotices = triageNotices(store);
    this.#store = store;
    // The database is asked here, at start, and again while a PostgreSQL server does not answer;
    // a failure of the sync later is its state's (shown on the tiles), never the process's.
    this.indexSync = index
      ? new IndexSync({
          deployments,
          store,
          index: index.env,
          database: index.database,
        })
      : null;
    this.labelWorker =
      index && labels && labels.intervalMs > 0
        ? new LabelWorker({
            deployments: deployments.map((deployment) => ({
              key: deployment.key,
              name: deployment.name,
              labels: deployment.config.labels,
              client: () => deployment.client(),
            })),
            database: async () => {
              const state = await index.database();
              return state.ok ? state.database.db : null;
            },
            store,
            intervalMs: labels.intervalMs,
            retry: { firstDelayMs: labels.retryMs },
          })
        : null;
    this.labelWorker?.start();
    // Every deployment's catalogue is seeded once for the whole cluster (a lease), so that the
    // first analyst's filters already offer more than the pages someone happened to open. A
    // failed seed is logged by the catalogue and tried again on the next ask.
    this.started = Promise.allSettled(
      deployments.map((deployment) => seedCatalogue(deployment.client())),
    ).then(() => undefined);
  }

  /**
   * Stops the background work: every watch and sync worker ends and lets its lease go, and the
   * process's notice bus its subscription.
   */
  async stop(): Promise<void> {
    await Promise.all([
      this.liveHub?.close(),
      this.indexSync?.stop(),
      this.labelWorker?.stop(),
      noticeBus(this.#store).close(),
    ]);
  }
}
