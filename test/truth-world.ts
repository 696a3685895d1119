// The index's reads against the simulator's own truth, for the suites that compare the two on
// both engines: one simulator for the test file and every alarm it holds read over HTTP, acme
// synced whole into a test's database, and acme's upstream read uncached, as a route reads it.
import type { Kysely } from "kysely";
import { beforeAll } from "vitest";
import type { Database } from "@/lib/server/db";
import type { UsmCall } from "@/lib/server/usm";
import type { SimulatorOptions } from "@/simulator";
import { getToken, readAll, type Alarm } from "@/simulator/test-support";
import { SYNC_CLIENT, backfill, startSyncWorld, syncWorker, type SyncWorld } from "./index-sync";
import { testClient } from "./usm-client";

export interface TruthWorld extends SyncWorld {
  /** Every alarm the upstream holds, as it answers them (filled before the file's tests). */
  vendor: Alarm[];
}

/** A sync world of `options` for the whole test file, started before its tests, with its truth. */
export function truthWorld(options: SimulatorOptions): TruthWorld {
  const world = {} as TruthWorld;
  beforeAll(async () => {
    Object.assign(world, await startSyncWorld(options));
    world.vendor = await readAll(world.sim, await getToken(world.sim, SYNC_CLIENT), "?size=1000");
  }, 60_000);
  return world;
}

/** Acme synced whole into `db` (a backfill in pages of 500); how many steps it took. */
export function syncWhole(world: SyncWorld, db: Kysely<Database>): Promise<number> {
  return backfill(syncWorker(world, db, { pageSize: 500 }), db);
}

/** Acme's upstream as an analyst's read reaches it, uncached, at `now`. */
export function upstreamCall(world: SyncWorld, now: () => number): UsmCall {
  const client = testClient(world.sim, SYNC_CLIENT, { deployment: "acme", cacheTtlMs: 0 });
  return { analyst: "tester", client, now };
}

/** GETs of the upstream's alarm list so far: a read meant for the index leaves it unchanged. */
export const listGets = (world: SyncWorld): number => world.sim.stats().byRoute.alarms;
