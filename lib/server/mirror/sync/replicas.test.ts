import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import type { Database } from "@/lib/server/db";
import type { SharedStore } from "@/lib/server/store";
import { MemoryStore } from "@/lib/server/store/memory";
import { describeEachEngine } from "@/test/index-db";
import { metricValue } from "@/test/metrics";
import {
  backfill,
  indexedUuids,
  INTERVAL_MS,
  runFor,
  runUntil,
  stepUntil,
  syncState,
  syncWorker,
  upstreamUuids,
  syncWorldForFile,
} from "@/test/index-sync";
import { redisFixture } from "@/test/redis-fixture";
import { redisTestsEnabled } from "@/test/redis-server";
import { DATABASE_DOWN, readIndexStatuses } from "@/lib/server/mirror/sync/status";

// The sync across replicas and through outages: two workers (two replicas) on one database and
// one shared store, only one syncing; the upstream failing, then answering again; PostgreSQL
// stopped mid-backfill, then started. Nothing needs a restart.

let upstream: string[];
const redis = redisTestsEnabled() ? redisFixture() : null;

const world = syncWorldForFile({ alarms: 1_500, seed: 23 });
beforeAll(async () => {
  upstream = await upstreamUuids(world);
});

const statusNow = async (db: Kysely<Database>) =>
  (await readIndexStatuses(db, ["acme"], world.clock.now(), INTERVAL_MS)).get("acme")!;

/** Two replicas' stores: one memory store, or two connections to one Redis under one prefix. */
function sharedStores(kind: "memory" | "redis"): [SharedStore, SharedStore] {
  if (kind === "memory") {
    const store = new MemoryStore({ now: world.clock.now });
    return [store, store];
  }
  const prefix = `${randomUUID()}:`;
  return [redis!.store({ prefix }), redis!.store({ prefix })];
}

describeEachEngine("The sync across replicas and outages", ({ database, engine, server }) => {
  it.each(redis ? (["memory", "redis"] as const) : (["memory"] as const))(
    "syncs a deployment from one replica only, and another takes over when it stops (%s)",
    async (kind) => {
      const { db } = database();
      const [storeA, storeB] = sharedStores(kind);
      const a = syncWorker(world, db, { pageSize: 500, owner: "replica-a" }, storeA);
      const b = syncWorker(world, db, { pageSize: 500, owner: "replica-b" }, storeB);
      world.running.push(a, b);
      await stepUntil(a, async () => {
        await b.step();
        return (await syncState(db))?.backfill === null;
      });
      expect(await indexedUuids(db)).toEqual(upstream);
      const [holder, other] = a.holding ? [a, b] : [b, a];
      expect(holder.holding).toBe(true);
      expect(other.holding).toBe(false);
      expect(other.reads()).toEqual({ follow: 0, backfill: 0, reconcile: 0 });
      expect(holder.reads().backfill).toBeGreaterThanOrEqual(3);

      await holder.stop();
      await world.clock.advance(INTERVAL_MS);
      await other.step();
      expect(other.holding).toBe(true);
      expect(other.reads().follow).toBe(1);
    },
  );

  it("says failed when the upstream keeps failing, and resumes by itself", async () => {
    const { db } = database();
    const worker = syncWorker(world, db, { pageSize: 500 });
    world.running.push(worker);
    await backfill(worker, db);
    worker.start();
    const failures = () =>
      metricValue("alarm_console_index_sync_failures_total", { deployment: "acme" });
    const failedBefore = await failures();
    world.sim.setFaults({ failRate: 1, failStatus: 500, routes: ["alarms"] });
    await runFor(world.clock, [worker], 3 * INTERVAL_MS);
    expect(await statusNow(db)).toMatchObject({
      state: "failed",
      reason: "The deployment failed to answer (HTTP 500).",
    });
    expect(await failures()).toBeGreaterThanOrEqual(failedBefore + 2);
    world.sim.setFaults({ failRate: 0 });
    const fresh = world.sim.addAlarm({}).uuid;
    await runFor(world.clock, [worker], 2 * INTERVAL_MS);
    expect(await statusNow(db)).toMatchObject({ state: "following", reason: null });
    expect(await indexedUuids(db)).toContain(fresh);
  });

  it.skipIf(engine !== "postgres")(
    "says failed while PostgreSQL is down mid-backfill, and goes on by itself when it is back",
    { timeout: 120_000 },
    async () => {
      const { db } = database();
      const worker = syncWorker(world, db, { pageSize: 100 });
      world.running.push(worker);
      await stepUntil(worker, async () => ((await syncState(db))?.backfill?.indexed ?? 0) >= 500);
      worker.start();
      await server()!.stop();
      await runFor(world.clock, [worker], 2 * INTERVAL_MS);
      expect(await statusNow(db)).toMatchObject({ state: "failed", reason: DATABASE_DOWN });

      await server()!.start();
      const done = async () => (await syncState(db).catch(() => null))?.backfill === null;
      await runUntil(world.clock, [worker], done);
      expect(await indexedUuids(db)).toEqual(upstream);
      expect((await statusNow(db)).state).toBe("following");
    },
  );
});
