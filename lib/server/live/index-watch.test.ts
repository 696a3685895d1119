import { expect, it, onTestFinished } from "vitest";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import type { LiveState } from "@/lib/shared/live/types";
import { liveViewId, parseLiveViewId, type LiveView } from "@/lib/shared/live/view-id";
import type { ConsoleDatabase, DatabaseState } from "@/lib/server/db";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { publishIndexNotice } from "@/lib/server/mirror/live-notices";
import { MemoryStore } from "@/lib/server/store/memory";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import { INTERVAL_MS, SYNC_CLIENT, syncState, syncWorker, upstreamGets } from "@/test/index-sync";
import { testClient } from "@/test/usm-client";
import { LiveHub } from "./hub";
import { INDEX_SAFETY_MS } from "./index-poll";
import { indexWatchWorld } from "@/test/index-watch";

// A view the index answers (a search, several values of a filter), watched on the index's own
// change notices: what it announces as the sync writes (the real sync, against the simulator,
// on the test's clock), what it costs the upstream (nothing), and how often it reads the index.

const world = indexWatchWorld({ alarms: 600, seed: 31 });

function view(query: Partial<AlarmListQuery>): LiveView {
  const parsed = parseLiveViewId(liveViewId("acme", { ...DEFAULT_QUERY, ...query }));
  if (parsed?.source !== "index") throw new Error("not a view of the index");
  return parsed;
}
const OPEN_OR_IN_REVIEW = view({ filters: { status: ["open", "in_review"] } });
const ZELDA = view({ q: "user:zelda-live" });

/** A hub reading `database` (with a client it must never use for these views), and its store. */
function setup(database: ConsoleDatabase, state?: DatabaseState) {
  const store = new MemoryStore({ now: world.sync.clock.now });
  const client = testClient(world.sync.sim, SYNC_CLIENT, {
    store,
    deployment: "acme",
    cacheTtlMs: 0,
  });
  return { store, ...world.hub(store, database, { state, client }) };
}

/** Every state a subscriber of `watched` heard, and the latest. */
function watch(hub: LiveHub, watched: LiveView) {
  const heard: LiveState[] = [];
  hub.subscribe(watched, (state) => heard.push(state));
  return { heard, latest: () => heard.at(-1)! };
}

const run = (hub: LiveHub, ms: number) => world.run([hub], ms);
const uuids = (state: LiveState) => state.fresh.map((fresh) => fresh.uuid);

describeEachEngine("A view the index answers, watched live", ({ database }) => {
  it("announces what the follow writes into it, new and late, never what the backfill brings in, and its statuses in place, at no upstream call", async () => {
    const { hub, store } = setup(database());
    const worker = syncWorker(world.sync, database().db, { pageSize: 100 }, store);
    world.workers.push(worker);
    const statuses = watch(hub, OPEN_OR_IN_REVIEW);
    const searched = watch(hub, ZELDA);
    await hub.settled();
    expect(statuses.latest()).toMatchObject({ polledAt: world.sync.clock.now(), error: null });
    expect(statuses.latest().intervalMs).toBe(INTERVAL_MS); // the index's follow

    // The backfill brings 600 alarms in from the past, a page a second: none of them is news.
    while ((await syncState(database().db))?.backfill !== null) {
      await worker.step();
      await run(hub, 1_000);
    }
    worker.start();
    await run(hub, 3 * INTERVAL_MS);
    expect(statuses.latest().fresh).toEqual([]);
    expect(statuses.latest().polledAt).toBeGreaterThan(statuses.heard[0]!.polledAt!);

    const now = world.sync.clock.now();
    const fresh = world.sync.sim.addAlarm({ status: "open", priority: 80 }).uuid;
    // Occurred ten minutes ago, received now: below newer alarms.
    const late = world.sync.sim.addAlarm({ status: "in_review", timestamp_occured: now - 600_000 });
    world.sync.sim.addAlarm({ status: "closed" }); // not in this view
    const zelda = world.sync.sim.addAlarm({ status: "closed", source_username: "zelda-live" }).uuid;
    await run(hub, 2 * INTERVAL_MS);
    expect(uuids(statuses.latest())).toEqual([fresh, late.uuid]);
    expect(statuses.latest().fresh[0]).toMatchObject({ priorityLabel: "high" });
    expect(uuids(searched.latest())).toEqual([zelda]);

    world.sync.sim.setAlarmStatus(fresh, "in_review"); // still in the view: changed in place
    await run(hub, 2 * INTERVAL_MS);
    expect(statuses.latest().changes).toEqual([
      { uuid: fresh, status: "in_review", at: expect.any(Number) },
    ]);
    world.sync.sim.setAlarmStatus(fresh, "closed"); // out of it: asked of the index, not the upstream
    await run(hub, 2 * INTERVAL_MS);
    expect(statuses.latest().changes[0]).toMatchObject({ uuid: fresh, status: "closed" });
    expect(uuids(statuses.latest())).toEqual([fresh, late.uuid]); // kept a while

    // Every call the upstream answered was the sync's own.
    expect(upstreamGets(world.sync)).toBe(world.syncReads());
  });

  it("reads a burst of notices once, and a stream of them at most every two seconds", async () => {
    const { hub, store, reads } = setup(database());
    const states = watch(hub, OPEN_OR_IN_REVIEW);
    await hub.settled();
    expect(reads()).toBe(1); // the baseline
    await run(hub, 5_000);
    const notice = (at: number) =>
      publishIndexNotice(store, { type: "rows", deployment: "acme", kind: "follow", rows: 1, at });
    for (let i = 0; i < 100; i++) await notice(world.sync.clock.now());
    await run(hub, 5_000);
    expect(reads()).toBe(2);
    // Another deployment's rows are not this view's business.
    await publishIndexNotice(store, {
      type: "rows",
      deployment: "globex",
      kind: "follow",
      rows: 5,
      at: world.sync.clock.now(),
    });
    await run(hub, 5_000);
    expect(reads()).toBe(2);
    // A notice every 100 ms for 10 s: read every two seconds, never less often.
    const before = reads();
    for (let i = 0; i < 100; i++) {
      await notice(world.sync.clock.now());
      await world.sync.clock.advance(100);
      await hub.settled();
    }
    expect(reads() - before).toBeGreaterThanOrEqual(4);
    expect(reads() - before).toBeLessThanOrEqual(6);
    const polled = states.heard.map((state) => state.polledAt!);
    const gaps = polled.slice(1).map((at, i) => at - polled[i]!);
    expect(Math.min(...gaps.filter((gap) => gap > 0))).toBeGreaterThanOrEqual(2_000);
  });

  it("reads on its timer when no notice comes: a lost message freezes nothing", async () => {
    const { hub } = setup(database());
    const states = watch(hub, OPEN_OR_IN_REVIEW);
    await hub.settled();
    // Written without a word to anyone.
    const alarm = indexedAlarm({ status: "open", occurredAt: world.sync.clock.now() });
    await ingestAlarms(database().db, "acme", [alarm], world.sync.clock.now());
    await run(hub, INDEX_SAFETY_MS - 2_000);
    expect(states.latest().fresh).toEqual([]);
    await run(hub, 4_000);
    expect(uuids(states.latest())).toEqual([alarm.summary.uuid]);
  });

  it("says so when the index cannot answer here, and goes on", async () => {
    const reason = "the index directory .index is in use by process 4242";
    const { hub } = setup(database(), { ok: false, reason, retryAt: null });
    const states = watch(hub, ZELDA);
    await hub.settled();
    expect(states.latest()).toMatchObject({
      polledAt: null,
      error: {
        code: "index_unavailable",
        message: `Live updates of this view come from the console's index, which cannot answer on this server: ${reason}.`,
      },
    });
    await run(hub, INDEX_SAFETY_MS);
    expect(states.heard.length).toBe(2); // read again on the timer, still saying why
    // A server with no index at all.
    const none = new LiveHub({
      analyst: null,
      store: new MemoryStore({ now: world.sync.clock.now }),
      clock: world.sync.clock,
      intervalMs: 15_000,
      window: 100,
      deployment: () => undefined,
    });
    onTestFinished(() => none.close());
    const without = watch(none, ZELDA);
    await none.settled();
    expect(without.latest().error).toMatchObject({ code: "index_unavailable" });
  });
});
