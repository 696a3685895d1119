import "server-only";
import { databaseState, type DatabaseState } from "@/lib/server/db";
import type { DeploymentRegistry } from "@/lib/server/deployments/registry";
import { deploymentRegistry } from "@/lib/server/deployments/registry";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { IndexSync, setProcessIndexSync } from "@/lib/server/mirror/sync";
import { LiveHub } from "@/lib/server/live/hub";
import { sharedStore, type SharedStore } from "@/lib/server/store";
import { seedCatalogue } from "@/lib/server/usm";
import { noticeBus } from "@/lib/server/store/notice-bus";
import { triageNotices, type TriageNoticeBoard } from "@/lib/server/triage/notices";

// The one place the server's background work starts and stops: the live queue's watchers, the
// seeding of each deployment's catalogue, and the index's sync (a worker per deployment once the
// database is open). Started once per process at start-up (instrumentation.ts, through
// ./startup.ts), stopped at shutdown; the process's one instance is kept on globalThis so that
// every route bundle meets the same.

export interface ServicesDeps {
  registry: DeploymentRegistry;
  store: SharedStore;
  live: ServerEnv["live"];
  /** The index's variables and this process's database; absent: no index here. */
  index?: { env: ServerEnv["index"]; database: () => Promise<DatabaseState> };
}

export class Services {
  /** The live queue's hub; null when the live queue is turned off (LIVE_INTERVAL_SECONDS=0). */
  readonly liveHub: LiveHub | null;
  /** The index's sync (its workers run when INDEX_INTERVAL_SECONDS > 0); null: no index here. */
  readonly indexSync: IndexSync | null;
  /** The team's triage changes, on the process's notice bus, handed to each open stream. */
  readonly triageNotices: TriageNoticeBoard;
  /** Settles when the start-up work begun in the background has (a failure there is logged). */
  readonly started: Promise<void>;
  readonly #store: SharedStore;

  constructor({ registry, store, live, index }: ServicesDeps) {
    this.liveHub =
      live.intervalMs > 0
        ? new LiveHub({
            store,
            intervalMs: live.intervalMs,
            window: live.window,
            deployment: (key) =>
              registry
                .all()
                .find((d) => d.key === key)
                ?.client(),
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
          deployments: registry.all(),
          store,
          index: index.env,
          database: index.database,
        })
      : null;
    // Every deployment's catalogue is seeded once for the whole cluster (a lease), so that the
    // first analyst's filters already offer more than the pages someone happened to open. A
    // failed seed is logged by the catalogue and tried again on the next ask.
    this.started = Promise.allSettled(
      registry.all().map((deployment) => seedCatalogue(deployment.client())),
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
      noticeBus(this.#store).close(),
    ]);
  }
}

const KEY = Symbol.for("alarm-console.services");
type Holder = { [KEY]?: Services };

/** This process's services, started on first use from the validated environment. */
export function services(): Services {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    holder[KEY] = new Services({
      registry: deploymentRegistry(),
      store: sharedStore(),
      live: serverEnv().live,
      index: { env: serverEnv().index, database: databaseState },
    });
    // What the tiles, /api/health and an alarm's detail ask of the index, on this process.
    setProcessIndexSync(holder[KEY].indexSync ?? undefined);
  }
  return holder[KEY];
}
