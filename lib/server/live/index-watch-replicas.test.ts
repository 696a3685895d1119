import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import type { LiveState } from "@/lib/shared/live/types";
import { liveViewId, parseLiveViewId, type LiveView } from "@/lib/shared/live/view-id";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { publishIndexNotice } from "@/lib/server/mirror/live-notices";
import { MemoryStore } from "@/lib/server/store/memory";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import { INTERVAL_MS, backfill, syncWorker, upstreamGets } from "@/test/index-sync";
import { redisFixture } from "@/test/redis-fixture";
import { redisTestsEnabled } from "@/test/redis-server";
import { indexWatchWorld } from "@/test/index-watch";

// The queue of several deployments watched live from the index, and index views across
// replicas sharing Redis: one replica reads the index, every replica's subscribers hear it.

const world = indexWatchWorld({ alarms: 300, seed: 32 });
const redis = redisTestsEnabled() ? redisFixture() : null;

function allView(deployments: string[]): LiveView {
  const parsed = parseLiveViewId(liveViewId("all", DEFAULT_QUERY, deployments));
  if (!parsed) throw new Error("not a view");
  return parsed;
}

describeEachEngine("Views of the index across deployments and replicas", ({ database }) => {
  it("tells the same alarm of two deployments apart in the queue of both, by deployment", async () => {
    const store = new MemoryStore({ now: world.sync.clock.now });
    const { hub: live } = world.hub(store, database());
    // Two deployments on one simulator: the same alarms, the same uuids, in each.
    for (const deployment of ["acme", "globex"]) {
      const worker = syncWorker(world.sync, database().db, { deployment, pageSize: 100 }, store);
      world.workers.push(worker);
      await backfill(worker, database().db);
    }
    let latest: LiveState | undefined;
    live.subscribe(allView(["globex", "acme"]), (state) => (latest = state));
    for (const worker of world.workers) worker.start();
    await world.run([live], 2 * INTERVAL_MS);
    expect(latest!.fresh).toEqual([]);

    const arrived = world.sync.sim.addAlarm({ status: "open" }).uuid;
    await world.run([live], 2 * INTERVAL_MS);
    const seenAt = expect.any(Number);
    expect(latest!.fresh).toEqual(
      expect.arrayContaining([
        { uuid: arrived, deployment: "acme", seenAt, priorityLabel: expect.anything() },
        { uuid: arrived, deployment: "globex", seenAt, priorityLabel: expect.anything() },
      ]),
    );
    expect(latest!.fresh).toHaveLength(2);
    world.sync.sim.setAlarmStatus(arrived, "closed");
    await world.run([live], 2 * INTERVAL_MS);
    expect(latest!.changes.map(({ deployment, status }) => ({ deployment, status }))).toEqual(
      expect.arrayContaining([
        { deployment: "acme", status: "closed" },
        { deployment: "globex", status: "closed" },
      ]),
    );
    expect(upstreamGets(world.sync)).toBe(world.syncReads()); // the syncs' own, none of the watch's
  });

  it.runIf(redis !== null)(
    "is read by one replica of two sharing Redis, and heard on both",
    async () => {
      const prefix = `${randomUUID()}:`;
      const [storeA, storeB, syncStore] = [0, 1, 2].map(() => redis!.store({ prefix }));
      const made = [world.hub(storeA!, database()), world.hub(storeB!, database())];
      const replicas = made.map((replica) => replica.hub);
      const { db } = database();
      const now = world.sync.clock.now();
      await ingestAlarms(db, "acme", [indexedAlarm({ occurredAt: now - 60_000 })], now);
      const watched = allView(["acme"]);
      const heard: LiveState[][] = [[], []];
      for (const [r, replica] of replicas.entries()) {
        replica.subscribe(watched, (state) => heard[r]!.push(state));
        await replica.settled();
      }
      await eventually(() => heard.every((states) => states.length > 0), "the baseline");
      await world.run(replicas, 5_000);

      // What the sync does: rows written, then a notice on the store.
      const arrival = indexedAlarm({ occurredAt: world.sync.clock.now() });
      await ingestAlarms(db, "acme", [arrival], world.sync.clock.now());
      const at = world.sync.clock.now();
      await publishIndexNotice(syncStore!, {
        type: "rows",
        deployment: "acme",
        kind: "follow",
        rows: 1,
        at,
      });
      const both = () =>
        heard.every((states) => states.at(-1)?.fresh[0]?.uuid === arrival.summary.uuid);
      for (let tick = 0; tick < 200 && !both(); tick++) {
        await world.run(replicas, 100);
        await new Promise((resolve) => setTimeout(resolve, 10)); // Redis's messages, real time
      }
      expect(both()).toBe(true);
      // One replica read the index, at the baseline and on the notice; the other never.
      expect(made.map((replica) => replica.reads()).sort()).toEqual([0, 2]);
    },
  );
});

/** Polls until `check` holds: deliveries through Redis take real milliseconds. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
