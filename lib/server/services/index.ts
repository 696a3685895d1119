import "server-only";
import type { DeploymentRegistry } from "@/lib/server/deployments/registry";
import { deploymentRegistry } from "@/lib/server/deployments/registry";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { LiveHub } from "@/lib/server/live/hub";
import { sharedStore, type SharedStore } from "@/lib/server/store";
import { seedCatalogue } from "@/lib/server/usm";

// The one place the server's background work starts and stops: the live queue's watchers, the
// seeding of each deployment's catalogue (and, next, the index's sync workers). Started once per
// process at start-up (instrumentation.ts, through ./startup.ts), stopped at shutdown; the
// process's one instance is kept on globalThis so that every route bundle meets the same.

export interface ServicesDeps {
  registry: DeploymentRegistry;
  store: SharedStore;
  live: ServerEnv["live"];
}

export class Services {
  /** The live queue's hub; null when the live queue is turned off (LIVE_INTERVAL_SECONDS=0). */
  readonly liveHub: LiveHub | null;
  /** Settles when the start-up work begun in the background has (a failure there is logged). */
  readonly started: Promise<void>;

  constructor({ registry, store, live }: ServicesDeps) {
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
          })
        : null;
    // Every deployment's catalogue is seeded once for the whole cluster (a lease), so that the
    // first analyst's filters already offer more than the pages someone happened to open. A
    // failed seed is logged by the catalogue and tried again on the next ask.
    this.started = Promise.allSettled(
      registry.all().map((deployment) => seedCatalogue(deployment.client())),
    ).then(() => undefined);
  }

  /** Stops the background work: every watch ends and lets its lease go. */
  async stop(): Promise<void> {
    await this.liveHub?.close();
  }
}

const KEY = Symbol.for("alarm-console.services");
type Holder = { [KEY]?: Services };

/** This process's services, started on first use from the validated environment. */
export function services(): Services {
  const holder = globalThis as Holder;
  holder[KEY] ??= new Services({
    registry: deploymentRegistry(),
    store: sharedStore(),
    live: serverEnv().live,
  });
  return holder[KEY];
}
