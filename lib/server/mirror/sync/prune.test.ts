import { expect, it } from "vitest";
import { recordAnalyst } from "@/lib/server/triage/analysts";
import { readTriage } from "@/lib/server/triage/read";
import { addNote } from "@/lib/server/triage/triage";
import { MemoryStore } from "@/lib/server/store/memory";
import { describeEachEngine } from "@/test/index-db";
import { alarmRows } from "@/test/index-rows";
import {
  backfill,
  DEPLOYMENT,
  indexedUuids,
  runUntil,
  syncState,
  syncWorker,
  upstreamUuids,
  syncWorldForFile,
} from "@/test/index-sync";
import { actor, alice } from "@/test/triage-team";
import { subscribeIndexNotices, type IndexNotice } from "@/lib/server/mirror/live-notices";

// Alarms the upstream no longer has (a deployment restarted with fewer, the simulator's reset
// drops the alarms added to it) leave the index by the sync's reconciliation, wherever they lie
// in the retention: each of their rows goes, the team's notes on them stay, live views are told,
// and the upstream is read at the reconciliation's pace (0.1 GET/s), not harder.

const DAY_MS = 86_400_000;

const world = syncWorldForFile({ alarms: 1_200, seed: 37 });

describeEachEngine("Reconciliation removes what the upstream no longer has", ({ database }) => {
  it(
    "takes out an alarm of today and one of three weeks ago once the upstream drops them, keeping the team's notes",
    { timeout: 120_000 },
    async () => {
      const { db } = database();
      const now = world.clock.now();
      const gone = [
        world.sim.addAlarm({ timestamp_occured: now - 2 * 3_600_000 }).uuid,
        world.sim.addAlarm({ timestamp_occured: now - 21 * DAY_MS }).uuid,
      ];
      const store = new MemoryStore({ now: world.clock.now });
      const worker = syncWorker(world, db, { pageSize: 500 }, store);
      world.running.push(worker);
      await backfill(worker, db);
      const held = await alarmRows(db, DEPLOYMENT, gone);
      expect(held.alarms).toBe(2);
      expect(held.alarm_docs).toBe(2);
      expect(held.alarm_addresses).toBeGreaterThan(0);
      await recordAnalyst(db, alice, now);
      const alarm = { deployment: DEPLOYMENT, uuid: gone[1]! };
      await addNote(db, alarm, actor(alice), "seen on the firewall too", now);

      const notices: IndexNotice[] = [];
      const end = await subscribeIndexNotices(store, (notice) => notices.push(notice));
      world.sim.reset(); // the upstream drops the alarms added to it
      worker.start();
      const reads = worker.reads();
      const waited = await runUntil(
        world.clock,
        [worker],
        async () => (await alarmRows(db, DEPLOYMENT, gone)).alarms === 0,
        { limitMs: 3_600_000, chunkMs: 60_000 },
      );
      await end();

      expect(await alarmRows(db, DEPLOYMENT, gone)).toEqual({
        alarms: 0,
        alarm_docs: 0,
        alarm_addresses: 0,
        alarm_entities: 0,
      });
      expect(await indexedUuids(db)).toEqual(await upstreamUuids(world));
      expect((await readTriage(db, alarm)).notes.map((note) => note.text)).toEqual([
        "seen on the firewall too",
      ]);
      expect(notices).toContainEqual(
        expect.objectContaining({ deployment: DEPLOYMENT, kind: "reconcile" }),
      );
      // The reconciliation's own pace, the older days' walk included.
      const reconcile = worker.reads().reconcile - reads.reconcile;
      expect(reconcile / (waited / 1_000)).toBeLessThanOrEqual(0.11);
    },
  );

  it("goes on with the older days' walk where it was when another replica takes over", async () => {
    const { db } = database();
    const store = new MemoryStore({ now: world.clock.now });
    const first = syncWorker(world, db, { pageSize: 500, owner: "first" }, store);
    world.running.push(first);
    await backfill(first, db);
    first.start();
    const walked = async () => (await syncState(db))?.reconcile.older.next;
    await runUntil(world.clock, [first], async () => (await walked()) === 3);
    await first.stop();
    const second = syncWorker(world, db, { pageSize: 500, owner: "second" }, store);
    world.running.push(second);
    second.start();
    await runUntil(world.clock, [second], async () => (await walked()) !== 3);
    expect(await walked()).toBe(4);
  });
});
