import { expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import { MemoryStore } from "@/lib/server/store/memory";
import { fetchAlarm } from "@/lib/server/usm";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import {
  DEPLOYMENT,
  INTERVAL_MS,
  RETENTION_MS,
  readsOnlySync,
  backfill,
  indexedUuids,
  runFor,
  runUntil,
  SYNC_CLIENT,
  syncWorker,
  upstreamUuids,
  syncWorldForFile,
} from "@/test/index-sync";
import { testClient } from "@/test/usm-client";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import {
  subscribeIndexNotices,
  type IndexNotice,
  type RowChangeKind,
} from "@/lib/server/mirror/live-notices";
import { initialState } from "@/lib/server/mirror/sync/state";
import { retentionStep } from "@/lib/server/mirror/sync/steps";

// The index's change notices, as every replica hears them: one for each write of the sync's
// steps and of a detail's refresh that changed rows, none for one that changed nothing, and a
// sync that goes on when its notices cannot be sent.

const world = syncWorldForFile({ alarms: 400, seed: 33 });

/** A store the sync writes on, and every notice heard on it. */
async function listening() {
  const store = new MemoryStore({ now: world.clock.now });
  const heard: IndexNotice[] = [];
  await subscribeIndexNotices(store, (notice) => heard.push(notice));
  const of = (kind: RowChangeKind) => heard.filter((notice) => notice.kind === kind);
  return { store, heard, of };
}

async function indexedTimes(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom("alarms").select("indexed_at").distinct().execute();
  return rows.map((row) => row.indexed_at).sort();
}

describeEachEngine("The index's change notices", ({ database }) => {
  it("tells of each backfill page and follow that wrote rows, when, and of no follow that wrote none", async () => {
    const { db } = database();
    const { store, heard, of } = await listening();
    const worker = syncWorker(world, db, { pageSize: 100 }, store);
    world.running.push(worker);
    await backfill(worker, db);
    expect(heard.length).toBeGreaterThanOrEqual(4);
    expect(heard.every((notice) => notice.kind === "backfill")).toBe(true);
    expect(heard.every((notice) => notice.deployment === DEPLOYMENT)).toBe(true);
    // Every row written once, each told of with the time it was written at.
    const rows = heard.reduce((sum, notice) => sum + notice.rows, 0);
    expect(rows).toBe((await indexedUuids(db)).length);
    expect(await indexedTimes(db)).toEqual([...new Set(heard.map((n) => n.at))].sort());

    worker.start();
    await runFor(world.clock, [worker], 3 * INTERVAL_MS);
    expect(of("follow")).toEqual([]); // followed, nothing new
    const arrived = world.sim.addAlarm({}).uuid;
    await runFor(world.clock, [worker], 2 * INTERVAL_MS);
    expect(of("follow")).toEqual([
      { type: "rows", deployment: DEPLOYMENT, kind: "follow", rows: 1, at: expect.any(Number) },
    ]);
    const row = await db
      .selectFrom("alarms")
      .select("indexed_at")
      .where("uuid", "=", arrived)
      .executeTakeFirstOrThrow();
    expect(of("follow")[0]!.at).toBe(row.indexed_at);
  });

  it("tells of what reconciliation re-listed", { timeout: 60_000 }, async () => {
    const { db } = database();
    const { store, of } = await listening();
    const worker = syncWorker(world, db, { pageSize: 500 }, store);
    world.running.push(worker);
    await backfill(worker, db);
    worker.start();
    const now = world.clock.now();
    const yesterday = await db
      .selectFrom("alarms")
      .select("uuid")
      .where("status", "=", "open")
      .where("occurred_at", "<", now - 86_400_000)
      .where("occurred_at", ">", now - 3 * 86_400_000)
      .executeTakeFirstOrThrow();
    world.sim.setAlarmStatus(yesterday.uuid, "closed"); // older than the follow's look-back
    await runUntil(world.clock, [worker], async () => of("reconcile").length > 0);
    const status = await db
      .selectFrom("alarms")
      .select("status")
      .where("uuid", "=", yesterday.uuid)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe("closed");
  });

  it("tells of what retention dropped, and of nothing when it dropped nothing", async () => {
    const { db } = database();
    const notices: IndexNotice[] = [];
    const now = world.clock.now();
    const old = indexedAlarm({ occurredAt: now - RETENTION_MS - 60_000 });
    await ingestAlarms(db, DEPLOYMENT, [old, indexedAlarm({ occurredAt: now })], now);
    const context = {
      deployment: DEPLOYMENT,
      db,
      client: testClient(world.sim, SYNC_CLIENT),
      retentionMs: RETENTION_MS,
      reconcileSpacingMs: 10_000,
      read: () => Promise.reject(new Error("retention reads nothing upstream")),
      notify: async (notice: IndexNotice) => void notices.push(notice),
    };
    const state = initialState(now, 100, RETENTION_MS);
    await retentionStep(context, state, now);
    expect(notices).toEqual([
      { type: "rows", deployment: DEPLOYMENT, kind: "retention", rows: 1, at: now },
    ]);
    await retentionStep(context, state, now);
    expect(notices).toHaveLength(1);
  });

  it("tells of a detail's refresh that changed its row, and of none that changed nothing", async () => {
    const { store, of } = await listening();
    const sync = await readsOnlySync(database(), store, world.clock);
    const client = testClient(world.sim, SYNC_CLIENT, { deployment: DEPLOYMENT, cacheTtlMs: 0 });
    const [uuid] = await upstreamUuids(world);
    const read = () => fetchAlarm(uuid!, { client, analyst: "alice" });
    const first = await read();
    sync.refresh(first);
    await eventually(() => of("refresh").length === 1);
    sync.refresh(await read()); // as it is indexed: no write, no notice
    world.sim.setAlarmStatus(uuid!, first.status === "closed" ? "open" : "closed");
    sync.refresh(await read());
    await eventually(() => of("refresh").length === 2);
    expect(of("refresh")[1]).toMatchObject({ deployment: DEPLOYMENT, rows: 1 });
    await sync.stop();
  });

  it("syncs on when its notices cannot be sent", async () => {
    const { db } = database();
    const store = new MemoryStore({ now: world.clock.now });
    store.publish = () => Promise.reject(new Error("store_unavailable"));
    const worker = syncWorker(world, db, { pageSize: 100 }, store);
    world.running.push(worker);
    await backfill(worker, db);
    expect(await indexedUuids(db)).toEqual(await upstreamUuids(world));
  });
});

/** Polls until `check` holds: a refresh writes in the background, on real time. */
async function eventually(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("not within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
