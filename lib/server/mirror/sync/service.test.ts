import { afterEach, expect, it } from "vitest";
import type { ConsoleDatabase, DatabaseState } from "@/lib/server/db";
import { MemoryStore } from "@/lib/server/store/memory";
import { fetchAlarm, fetchAlarmPage } from "@/lib/server/usm";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { describeEachEngine } from "@/test/index-db";
import {
  indexedUuids,
  INTERVAL_MS,
  RETENTION_MS,
  runFor,
  SYNC_CLIENT,
  syncWorldForFile,
} from "@/test/index-sync";
import { testClient } from "@/test/usm-client";
import {
  IndexSync,
  indexStatus,
  refreshIndexedAlarm,
  setProcessIndexSync,
  type IndexSyncOptions,
} from "@/lib/server/mirror/sync/service";

// The index's sync on a server: a worker per deployment once the database opens (asked again
// while it cannot be), none when the sync is off, every deployment's status from the database,
// and an alarm an analyst reads written into the index as read.

const world = syncWorldForFile({ alarms: 400, seed: 24 });
afterEach(() => setProcessIndexSync(undefined));

const opened = (database: ConsoleDatabase) => async (): Promise<DatabaseState> => ({
  ok: true,
  database,
});

function indexSync(
  database: IndexSyncOptions["database"],
  { intervalMs = INTERVAL_MS, keys = ["acme", "globex"] } = {},
): IndexSync {
  const store = new MemoryStore({ now: world.clock.now });
  const deployments = keys.map((key) => {
    const client = testClient(world.sim, SYNC_CLIENT, { store, deployment: key, getPerSecond: 0 });
    return { key, client: () => client };
  });
  const sync = new IndexSync({
    deployments,
    store,
    index: { intervalMs, pageSize: 500, retentionMs: RETENTION_MS },
    database,
    clock: world.clock,
  });
  world.running.push(sync);
  return sync;
}

describeEachEngine("The index's sync on a server", ({ database }) => {
  it("syncs every deployment once the database is open, and stops", async () => {
    const sync = indexSync(opened(database()));
    expect((await sync.statuses(["acme"])).get("acme")).toMatchObject({ state: "starting" });
    await sync.ready;
    expect(sync.workers.map((worker) => worker.deployment)).toEqual(["acme", "globex"]);
    await runFor(world.clock, sync.workers, 5_000);
    const statuses = await sync.statuses(["acme", "globex"]);
    for (const key of ["acme", "globex"]) {
      expect(statuses.get(key), key).toMatchObject({ state: "following", reason: null });
    }
    await sync.stop();
    expect(sync.workers.every((worker) => !worker.holding)).toBe(true);
  });

  it("says why it has no database, and asks again until it opens", async () => {
    const reason = "the PostgreSQL server (DATABASE_URL) cannot be reached";
    let asked = 0;
    const sync = indexSync(async () => {
      asked++;
      return asked === 1
        ? { ok: false, reason, retryAt: Date.now() + 5_000 }
        : { ok: true, database: database() };
    });
    await sync.ready;
    expect(sync.workers).toHaveLength(0);
    expect((await sync.statuses(["acme"])).get("acme")).toEqual({
      state: "unavailable",
      syncedAt: null,
      backfill: null,
      reason,
    });
    await runFor(world.clock, [], 6_000);
    expect(asked).toBe(2);
    expect(sync.workers).toHaveLength(2);
  });

  it("runs no worker with the sync turned off, and says so", async () => {
    const sync = indexSync(opened(database()), { intervalMs: 0 });
    await sync.ready;
    expect(sync.workers).toHaveLength(0);
    expect((await sync.statuses(["acme"])).get("acme")?.state).toBe("off");
  });

  it("writes an alarm an analyst reads into the index, as read", async () => {
    const { db } = database();
    const sync = indexSync(opened(database()), { intervalMs: 0, keys: ["acme"] });
    await sync.ready;
    setProcessIndexSync(sync);
    const client = testClient(world.sim, SYNC_CLIENT, { deployment: "acme" });
    const page = await fetchAlarmPage(DEFAULT_QUERY, { client, analyst: "alice" });
    const uuid = page.alarms[0]!.uuid;
    world.sim.setAlarmStatus(uuid, "in_review");
    refreshIndexedAlarm(await fetchAlarm(uuid, { client, analyst: "alice" }));
    await eventually(async () => (await indexedUuids(db)).includes(uuid));
    const row = await db.selectFrom("alarms").select("status").executeTakeFirstOrThrow();
    expect(row.status).toBe("in_review");
    expect(await indexStatus("acme")).toMatchObject({ state: "off" });
  });
});

/** Polls until `check` holds: the write is in the background, on real time. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("not within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
