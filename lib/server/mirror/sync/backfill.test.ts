import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "@/test/index-db";
import { metricValue } from "@/test/metrics";
import {
  backfill,
  indexedUuids,
  stepUntil,
  syncState,
  syncWorker,
  upstreamGets,
  upstreamUuids,
  syncWorldForFile,
} from "@/test/index-sync";
import { readIndexStatuses } from "@/lib/server/mirror/sync/status";
import { NEWER_SCHEMA } from "@/lib/server/mirror/sync/worker";

// The backfill against the real simulator over HTTP: newest first by windows with a fixed upper
// bound, at a small page size so that a few thousand alarms take dozens of pages; stopped and
// restarted; at a page size the upstream will not serve.

let upstream: string[];

const world = syncWorldForFile({ alarms: 3_000, seed: 21 });
beforeAll(async () => {
  upstream = await upstreamUuids(world);
});

describeEachEngine("The index's backfill", ({ database }) => {
  it(
    "indexes exactly the upstream's alarms: no duplicate, no gap",
    { timeout: 120_000 },
    async () => {
      const { db } = database();
      const worker = syncWorker(world, db, { pageSize: 100 });
      const before = upstreamGets(world);
      await backfill(worker, db);
      const indexed = await indexedUuids(db);
      expect(indexed).toHaveLength(upstream.length);
      expect(indexed).toEqual(upstream);
      // By windows, not by deep page numbers: about one read per page of alarms.
      const reads = worker.reads().backfill;
      expect(reads).toBeGreaterThanOrEqual(30);
      expect(reads).toBeLessThanOrEqual(33);
      expect(upstreamGets(world) - before).toBe(reads);
      const state = await syncState(db);
      expect(state).toMatchObject({ backfill: null, pageSize: 100, failure: null });
      expect(state?.syncedAt).toBe(world.clock.now());
      // What Prometheus reads of it: done, and (after the reconciliation's first count and
      // retention) every alarm counted.
      const acme = { deployment: "acme" };
      expect(await metricValue("alarm_console_index_backfill_progress_ratio", acme)).toBe(1);
      await worker.step();
      await worker.step();
      expect(await metricValue("alarm_console_index_rows", acme)).toBe(upstream.length);
    },
  );

  it(
    "goes on where it was when stopped mid-backfill, with no duplicate and no gap",
    { timeout: 120_000 },
    async () => {
      const { db } = database();
      const first = syncWorker(world, db, { pageSize: 100 });
      await stepUntil(first, async () => ((await syncState(db))?.backfill?.indexed ?? 0) >= 1_200);
      await first.stop();
      const midway = await syncState(db);
      const status = (await readIndexStatuses(db, ["acme"], world.clock.now(), 10_000)).get("acme");
      expect(status).toMatchObject({
        state: "backfilling",
        backfill: { indexed: midway!.backfill!.indexed, estimate: 3_000 },
      });

      // A new worker (a restarted console) on the same database.
      const second = syncWorker(world, db, { pageSize: 100 });
      await backfill(second, db);
      expect(await indexedUuids(db)).toEqual(upstream);
      // It did not start over: the two together read about what one backfill reads.
      expect(first.reads().backfill + second.reads().backfill).toBeLessThanOrEqual(34);
      expect(second.reads().backfill).toBeLessThan(25);
    },
  );

  it("reads through a page whose alarms all share one time, never the same page again", async () => {
    const { db } = database();
    const at = world.clock.now() - 60_000;
    const staged = Array.from(
      { length: 35 },
      () => world.sim.addAlarm({ timestamp_occured: at }).uuid,
    );
    const worker = syncWorker(world, db, { pageSize: 10 });
    // The newest window only: the staged alarms and what is newer.
    const steps = await stepUntil(
      worker,
      async () => {
        const indexed = new Set(await indexedUuids(db));
        return staged.every((uuid) => indexed.has(uuid));
      },
      20,
    );
    // Three pages of that one time (page 0, 1 and 2 under it), then a fourth that reaches older.
    expect(steps).toBe(4);
    const sweep = (await syncState(db))?.backfill?.sweep;
    expect(sweep?.page).toBe(0);
    expect(sweep?.lte).toBeLessThan(at);
  });

  it("reads in turns of its share of the deployment's budget", async () => {
    const { db } = database();
    // 10 GET/s and the sync's default share (0.2): a turn every 500 ms, waited on its clock.
    const worker = syncWorker(world, db, { pageSize: 100, getPerSecond: 10 });
    const start = world.clock.now();
    for (let step = 0; step < 5; step++) await world.clock.run(worker.step(), { io: true });
    // Each step's page, and maybe the next one already, read ahead while the last was written
    // (in a turn of its own, perhaps still waited for).
    const reads = worker.reads().backfill;
    expect(reads).toBeGreaterThanOrEqual(5);
    expect(reads).toBeLessThanOrEqual(6);
    expect(world.clock.now() - start).toBeGreaterThanOrEqual((reads - 1) * 500);
    expect(world.clock.now() - start).toBeLessThanOrEqual(reads * 500);
  });

  it("reads the next page while it writes the last, and takes it instead of reading again", async () => {
    const { db } = database();
    const worker = syncWorker(world, db, { pageSize: 100 });
    await worker.step();
    // The page after the first was read while the first was written; it is not written yet.
    await worker.settled();
    expect(worker.reads().backfill).toBe(2);
    expect(await indexedUuids(db)).toHaveLength(100);
    await worker.step();
    await worker.settled();
    // The second step wrote the page read ahead and read the third ahead: no read of its own.
    expect(worker.reads().backfill).toBe(3);
    expect((await indexedUuids(db)).length).toBeGreaterThan(190);
    await worker.stop();
  });

  it("halves a page size the upstream refuses and remembers it", async () => {
    const { db } = database();
    // The simulator serves 1,000 a page at most: 4,000 and 2,000 are refused (HTTP 400).
    const worker = syncWorker(world, db, { pageSize: 4_000 });
    await worker.step();
    expect(await syncState(db)).toMatchObject({ pageSize: 1_000, configuredPageSize: 4_000 });
    expect(world.sim.stats().byStatus["400"]).toBe(2);
    // Remembered: a restarted worker asks for 1,000 straight away.
    await syncWorker(world, db, { pageSize: 4_000 }).step();
    expect(world.sim.stats().byStatus["400"]).toBe(2);
  });

  it("halves a size the upstream fails (a 5xx at a large page), but not past the point", async () => {
    const { db } = database();
    world.sim.setFaults({ failAbovePageSize: 300, failStatus: 502, routes: ["alarms"] });
    const worker = syncWorker(world, db, { pageSize: 1_000 });
    await worker.step();
    expect(await syncState(db)).toMatchObject({ pageSize: 250, failure: null });
    // Every size fails (an outage, not a size): the failure is the upstream's, and no smaller
    // size is remembered for it.
    world.sim.setFaults({ failRate: 1, failStatus: 503 });
    // A page read ahead before the outage may still be written; the next read fails.
    await worker.step();
    if ((await syncState(db))!.failure === null) await worker.step();
    expect(await syncState(db)).toMatchObject({
      pageSize: 250,
      failure: { reason: "The deployment failed to answer (HTTP 503).", count: 1 },
    });
  });
  it("stops for good, letting the deployment go, when a newer version has upgraded the index", async () => {
    const { db } = database();
    const failures: string[] = [];
    const old = syncWorker(world, db, {
      pageSize: 100,
      onFailure: (reason) => failures.push(reason),
    });
    await sql`insert into kysely_migration (name, timestamp) values ('9999-newer', '')`.execute(db);
    const before = upstreamGets(world);
    try {
      await old.step();
      await old.step();
      expect(upstreamGets(world)).toBe(before);
      expect(await indexedUuids(db)).toEqual([]);
      expect(failures).toEqual([NEWER_SCHEMA]);
      expect(old.holding).toBe(false);
    } finally {
      await sql`delete from kysely_migration where name = '9999-newer'`.execute(db);
      await old.stop();
    }
    // A replica of the version the schema is at takes the deployment over at once.
    const current = syncWorker(world, db, { pageSize: 100 });
    await current.step();
    expect(current.holding).toBe(true);
    expect(upstreamGets(world)).toBeGreaterThan(before);
    await current.stop();
  });
});
