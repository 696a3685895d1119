// For the tests of views the index answers (lib/server/live/index-watch*.test.ts; the console
// never loads it): the simulator and the sync's workers on the test's clock (./index-sync.ts), hubs
// reading a test's database and counting how often they open it, and the clock moved on for all.
import { afterEach, beforeAll } from "vitest";
import type { ConsoleDatabase, DatabaseState } from "@/lib/server/db";
import type { SyncWorker } from "@/lib/server/mirror/sync/worker";
import type { SharedStore } from "@/lib/server/store";
import type { UsmClient } from "@/lib/server/usm";
import { INTERVAL_MS, startSyncWorld, type SyncWorld } from "@/test/index-sync";
import type { SimulatorOptions } from "@/simulator";
import { LiveHub } from "@/lib/server/live/hub";

export interface IndexWatchWorld {
  /** The simulator and its clock (after beforeAll). */
  readonly sync: SyncWorld;
  /** Workers to stop after each test. */
  readonly workers: SyncWorker[];
  /** A hub on `store` reading `database` (or told `state`), stopped after the test. */
  hub(
    store: SharedStore,
    database: ConsoleDatabase,
    options?: { state?: DatabaseState; client?: UsmClient },
  ): { hub: LiveHub; reads(): number };
  /** Moves the clock on a second at a time, letting the workers and `hubs` finish each tick. */
  run(hubs: readonly LiveHub[], ms: number): Promise<void>;
  /** The upstream reads the workers sent, all told. */
  syncReads(): number;
}

/** A world for the file (call at module level): started before it, cleaned after each test. */
export function indexWatchWorld(options: SimulatorOptions): IndexWatchWorld {
  let sync: SyncWorld | undefined;
  const hubs: LiveHub[] = [];
  const workers: SyncWorker[] = [];
  beforeAll(async () => {
    sync = await startSyncWorld(options);
  });
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((hub) => hub.close()));
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    sync?.sim.reset();
  });
  const world = (): SyncWorld => {
    if (!sync) throw new Error("the simulator is not started yet");
    return sync;
  };
  return {
    get sync() {
      return world();
    },
    workers,
    hub(store, database, { state, client } = {}) {
      let reads = 0;
      const hub = new LiveHub({
        analyst: null,
        store,
        clock: world().clock,
        intervalMs: 15_000,
        window: 100,
        // A client it could poll the upstream with: it must not, for these views.
        deployment: (key) => (key === "acme" ? client : undefined),
        index: {
          database: async () => {
            reads++;
            return state ?? { ok: true, database };
          },
          intervalMs: INTERVAL_MS,
        },
      });
      hubs.push(hub);
      return { hub, reads: () => reads };
    },
    async run(replicas, ms) {
      for (let moved = 0; moved < ms; moved += 1_000) {
        await world().clock.advance(Math.min(1_000, ms - moved));
        await Promise.all(workers.map((worker) => worker.settled()));
        await Promise.all(replicas.map((replica) => replica.settled()));
      }
    },
    syncReads: () =>
      workers.reduce(
        (sum, worker) => sum + Object.values(worker.reads()).reduce((a, b) => a + b, 0),
        0,
      ),
  };
}
