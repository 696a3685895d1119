import { afterEach, expect, it } from "vitest";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { subscribeIndexNotices, type IndexNotice } from "@/lib/server/mirror/live-notices";
import { setProcessIndexSync } from "@/lib/server/mirror/sync";
import { MemoryStore } from "@/lib/server/store/memory";
import { recordAnalyst } from "@/lib/server/triage/analysts";
import { readTriage } from "@/lib/server/triage/read";
import { addNote } from "@/lib/server/triage/triage";
import { fetchAlarm, indexedAlarmOf } from "@/lib/server/usm";
import { describeEachEngine } from "@/test/index-db";
import { alarmRows } from "@/test/index-rows";
import { SYNC_CLIENT, readsOnlySync, syncWorldForFile } from "@/test/index-sync";
import { actor, alice } from "@/test/triage-team";
import { testClient } from "@/test/usm-client";
import { alarmDetail } from "./alarm-routes";
import { respond } from "./route";

// An alarm the deployment answers 404 for (it restarted without it: "Alarm not found" on a
// detail that search had found) leaves the index as the 404 is answered: every row the ingest
// wrote for it, in one go, so no count or search of the index holds it a moment longer. The
// team's notes on it stay (ours, not the mirror's), and every replica's live views are told.

const KEY = "acme";

const world = syncWorldForFile({ alarms: 200, seed: 41 });
afterEach(() => setProcessIndexSync(undefined));

describeEachEngine("An alarm's detail answered 404", ({ database }) => {
  it("takes the alarm out of the index at once, keeps the team's notes, and tells live views", async () => {
    const { db } = database();
    const store = new MemoryStore({ now: world.clock.now });
    const sync = await readsOnlySync(database(), store, world.clock);
    world.running.push(sync);
    setProcessIndexSync(sync);
    const call = {
      analyst: "alice",
      client: testClient(world.sim, SYNC_CLIENT, { deployment: KEY, cacheTtlMs: 0 }),
    };
    const uuid = world.sim.addAlarm({}).uuid;
    const now = world.clock.now();
    await ingestAlarms(db, KEY, [indexedAlarmOf(await fetchAlarm(uuid, call))], now);
    const held = await alarmRows(db, KEY, [uuid]);
    expect(held).toMatchObject({ alarms: 1, alarm_docs: 1 });
    expect(held.alarm_addresses).toBeGreaterThan(0);
    await recordAnalyst(db, alice, now);
    await addNote(
      db,
      { deployment: KEY, uuid },
      actor(alice),
      "escalated to the network team",
      now,
    );
    const notices: IndexNotice[] = [];
    const end = await subscribeIndexNotices(store, (notice) => notices.push(notice));

    world.sim.reset(); // the deployment no longer has it
    const response = await respond("GET", () => alarmDetail(uuid, call));
    await end();

    expect(response.status).toBe(404);
    expect(await alarmRows(db, KEY, [uuid])).toEqual({
      alarms: 0,
      alarm_docs: 0,
      alarm_addresses: 0,
      alarm_entities: 0,
    });
    const notes = (await readTriage(db, { deployment: KEY, uuid })).notes;
    expect(notes.map((note) => note.text)).toEqual(["escalated to the network team"]);
    expect(notices).toEqual([
      { type: "rows", deployment: KEY, kind: "refresh", rows: 1, at: world.clock.now() },
    ]);
  });
});
