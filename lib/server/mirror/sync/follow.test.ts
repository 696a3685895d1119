import { expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import { describeEachEngine } from "@/test/index-db";
import {
  backfill,
  indexedUuids,
  INTERVAL_MS,
  runFor,
  runUntil,
  syncWorker,
  upstreamGets,
  syncWorldForFile,
} from "@/test/index-sync";
import type { SyncWorker } from "@/lib/server/mirror/sync/worker";

// Following the upstream once the backfill is done, on a manual clock the simulator shares: new
// and late alarms within two intervals, at one GET an interval when nothing is new; statuses
// changed upstream (which no list read shows) found by reconciliation, at most 0.2 GET/s.

const world = syncWorldForFile({ alarms: 1_500, seed: 22 });

/** A worker that has backfilled the deployment, its loop started. */
async function following(db: Kysely<Database>): Promise<SyncWorker> {
  const worker = syncWorker(world, db, { pageSize: 500 });
  world.running.push(worker);
  await backfill(worker, db);
  worker.start();
  await runFor(world.clock, [worker], 2_000);
  return worker;
}

const isIndexed = async (db: Kysely<Database>, uuid: string) =>
  (await indexedUuids(db)).includes(uuid);

async function statusOf(db: Kysely<Database>, uuid: string) {
  const row = await db
    .selectFrom("alarms")
    .select("status")
    .where("uuid", "=", uuid)
    .executeTakeFirst();
  return row?.status;
}

describeEachEngine("Following the upstream", ({ database, engine }) => {
  it("gives the planner statistics and marks settled pages all-visible once the backfill is done (PGlite has no autovacuum)", async () => {
    const { db } = database();
    const worker = await following(db);
    await runFor(world.clock, [worker], 30_000);
    // VACUUM and ANALYZE write their figures into the catalogue at once (the statistics views lag):
    // the row estimates the planner reads, and the pages an index-only scan need not visit.
    const { rows } = await sql<{ relname: string; analyzed: boolean; visible: boolean }>`
      select relname, reltuples > 0 as analyzed, relallvisible > 0 as visible from pg_class
      where relname in ('alarms', 'alarm_docs', 'alarm_addresses', 'alarm_entities')
      order by relname`.execute(db);
    // A PostgreSQL server has autovacuum for the visibility map (and the test's server, which
    // commits without waiting for its log, cannot mark a page until the log is written).
    const visible = engine === "pglite" ? true : expect.any(Boolean);
    expect(rows).toEqual([
      { relname: "alarm_addresses", analyzed: true, visible },
      { relname: "alarm_docs", analyzed: true, visible },
      { relname: "alarm_entities", analyzed: true, visible },
      { relname: "alarms", analyzed: true, visible },
    ]);
  });

  it("indexes a new alarm, and one that arrived late, within two intervals", async () => {
    const { db } = database();
    const worker = await following(db);
    const now = world.clock.now();
    const fresh = world.sim.addAlarm({}).uuid;
    const late = world.sim.addAlarm({ timestamp_occured: now - 10 * 60_000 }).uuid;
    expect(await isIndexed(db, fresh)).toBe(false);
    await runFor(world.clock, [worker], 2 * INTERVAL_MS);
    expect(await isIndexed(db, fresh)).toBe(true);
    expect(await isIndexed(db, late)).toBe(true);
  });

  it(
    "costs one GET an interval when nothing is new, and reconciliation at most 0.2 GET/s",
    { timeout: 60_000 },
    async () => {
      const { db } = database();
      const worker = await following(db);
      const gets = upstreamGets(world);
      const reads = worker.reads();
      const seconds = 300;
      await runFor(world.clock, [worker], seconds * 1_000);
      const follow = worker.reads().follow - reads.follow;
      const reconcile = worker.reads().reconcile - reads.reconcile;
      expect(follow).toBe(seconds / (INTERVAL_MS / 1_000));
      expect(reconcile).toBeGreaterThan(0);
      expect(reconcile / seconds).toBeLessThanOrEqual(0.2);
      // What the worker counts is what the upstream answered.
      expect(upstreamGets(world) - gets).toBe(follow + reconcile);
    },
  );

  it("reflects a status changed upstream after reconciliation", { timeout: 60_000 }, async () => {
    const { db } = database();
    const worker = await following(db);
    const now = world.clock.now();
    const yesterday = await db
      .selectFrom("alarms")
      .select(["uuid", "status"])
      .where("status", "=", "open")
      .where("occurred_at", "<", now - 86_400_000)
      .where("occurred_at", ">", now - 3 * 86_400_000)
      .executeTakeFirstOrThrow();
    world.sim.setAlarmStatus(yesterday.uuid, "closed");
    const reconcile = worker.reads().reconcile;
    const closed = async () => (await statusOf(db, yesterday.uuid)) === "closed";
    const waited = await runUntil(world.clock, [worker], closed);
    expect((worker.reads().reconcile - reconcile) / (waited / 1_000)).toBeLessThanOrEqual(0.2);
  });

  it(
    "finds an alarm that arrived too late for the follow's look-back by reconciliation",
    { timeout: 60_000 },
    async () => {
      const { db } = database();
      const worker = await following(db);
      const stale = world.sim.addAlarm({ timestamp_occured: world.clock.now() - 2 * 86_400_000 });
      await runFor(world.clock, [worker], 2 * INTERVAL_MS);
      expect(await isIndexed(db, stale.uuid)).toBe(false); // older than the look-back
      await runUntil(world.clock, [worker], () => isIndexed(db, stale.uuid));
    },
  );
});
