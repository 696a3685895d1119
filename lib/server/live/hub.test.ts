import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { MemoryStore } from "@/lib/server/store/memory";
import { RedisStore } from "@/lib/server/store/redis";
import type { SharedStore } from "@/lib/server/store";
import { type UsmClient } from "@/lib/server/usm";
import { testClient } from "@/test/usm-client";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { ManualClock } from "@/test/manual-clock";
import { redisTestsEnabled, startRedisServer, type RedisServer } from "@/test/redis-server";
import type { LiveHub } from "./hub";
import { acmeHub } from "@/test/live-hub";
import type { LiveState } from "@/lib/shared/live/types";
import { liveViewId, parseLiveViewId, type LiveView } from "@/lib/shared/live/view-id";

// The watchers against the real simulator over HTTP: what they cost the upstream, whatever the
// number of analysts and replicas. Their time is a manual clock (the simulator's and Redis's
// own time is real, and only spans the few calls made).

const CREDS = { id: "live-client", secret: "live-secret-77c1" };
const INTERVAL = 15_000;

let sim: RunningSimulator;
let redis: RedisServer | undefined;
const hubs: LiveHub[] = [];
const stores: SharedStore[] = [];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 5000, clients: [CREDS] });
  if (redisTestsEnabled()) redis = await startRedisServer();
});
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()));
  await Promise.all(stores.splice(0).map((store) => store.close()));
  sim.reset();
});
afterAll(async () => {
  await redis?.close();
  await sim.close();
});

const calls = () => sim.stats().byRoute.alarms + sim.stats().byRoute.alarm;

function view(search = ""): LiveView {
  const id = liveViewId("acme", {
    ...DEFAULT_QUERY,
    ...(search && { filters: Object.fromEntries(new URLSearchParams(search)) }),
  });
  const parsed = parseLiveViewId(id);
  if (!parsed) throw new Error(`not a view: ${id}`);
  return parsed;
}

function hub(
  clock: ManualClock,
  store: SharedStore,
  client: UsmClient,
  { intervalMs = INTERVAL } = {},
): LiveHub {
  const made = acmeHub(clock, store, client, intervalMs);
  hubs.push(made);
  return made;
}

/**
 * The deployment's client. Its budget is booked in the test's store, on the test's clock; the
 * client's own waits (a 429's retry) stay real, as the simulator's limit is real time.
 */
const client = (store: SharedStore, getPerSecond = 100) =>
  testClient(sim, CREDS, {
    store,
    deployment: "acme",
    cacheTtlMs: 0,
    getPerSecond,
    shares: { live: 0.1 },
  });

/** Polls until `check` holds: deliveries through Redis take real milliseconds. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("a view's watcher", () => {
  it("costs one upstream call per interval for 500 subscribers", async () => {
    const clock = new ManualClock();
    const store = new MemoryStore({ now: clock.now });
    stores.push(store);
    const live = hub(clock, store, client(store));
    const heard: LiveState[][] = Array.from({ length: 500 }, () => []);
    const leave = heard.map((states) => live.subscribe(view(), (state) => states.push(state)));
    await live.settled();
    expect(calls()).toBe(1); // the baseline
    for (let round = 1; round <= 4; round++) {
      await clock.advance(INTERVAL);
      await live.settled();
      expect(calls()).toBe(1 + round);
    }
    // Every subscriber heard every poll, each state saying when it was polled.
    for (const states of heard) {
      expect(states.map((state) => state.polledAt)).toEqual(
        [0, 1, 2, 3, 4].map((round) => Date.UTC(2026, 0, 15, 9, 0, 0) + round * INTERVAL),
      );
    }
    expect(heard[0]![4]).toMatchObject({ error: null, stretched: false, intervalMs: INTERVAL });
    await Promise.all(leave.map((stop) => stop()));
    await clock.advance(3 * INTERVAL);
    await live.settled();
    expect(calls()).toBe(5); // nobody watches: no more polls
    expect(live.watched()).toBe(0);
  });

  it("announces what arrives, late arrivals too, and a status change that takes a row out of the view", async () => {
    const clock = new ManualClock();
    const store = new MemoryStore({ now: clock.now });
    stores.push(store);
    const live = hub(clock, store, client(store));
    let latest: LiveState | undefined;
    live.subscribe(view("status=open"), (state) => (latest = state));
    await live.settled(); // the baseline

    const fresh = sim.addAlarm({ status: "open", priority: 80 }).uuid;
    // Occurred ten minutes ago, received now: below every newer alarm, above the older ones.
    const late = sim.addAlarm({ status: "open", timestamp_occured: Date.now() - 600_000 }).uuid;
    sim.addAlarm({ status: "closed" }); // not in this view
    await clock.advance(INTERVAL);
    await live.settled();
    expect(latest!.fresh.map((alarm) => alarm.uuid)).toEqual([fresh, late]);
    expect(latest!.fresh[0]).toEqual({ uuid: fresh, seenAt: clock.now(), priorityLabel: "high" });
    expect(latest!.changes).toEqual([]);

    sim.setAlarmStatus(fresh, "closed"); // it leaves the open view upstream
    await clock.advance(INTERVAL);
    await live.settled();
    const polledAt = clock.now();
    // The row is asked about on its own, in the watchers' share: a call's turn later.
    await clock.advance(1_000);
    await live.settled();
    expect(latest!.changes).toEqual([{ uuid: fresh, status: "closed", at: polledAt }]);
    expect(latest!.fresh.map((alarm) => alarm.uuid)).toEqual([fresh, late]); // kept a while
  });

  it("keeps the watchers within their share of the budget, stretching the interval and saying so", async () => {
    const clock = new ManualClock();
    const store = new MemoryStore({ now: clock.now });
    stores.push(store);
    // 10 GET/s, 10% of it for watchers: one poll a second for 50 views that want one every 2 s.
    // Booked on the test's clock, which runs far faster than real time.
    const live = hub(clock, store, client(store, 10), { intervalMs: 2_000 });
    const latest = new Map<string, LiveState>();
    for (let i = 0; i < 50; i++) {
      const watched = view(`rule_intent=intent-${i}`);
      live.subscribe(watched, (state) => latest.set(watched.id, state));
    }
    await live.settled();
    const start = calls();
    const polls = new Map<string, number>();
    for (let step = 0; step < 240; step++) {
      await clock.advance(500);
      await live.settled();
      for (const [id, state] of latest) polls.set(id, state.polledAt ?? 0);
    }
    // Two minutes of this clock pass in about a second of real time, where the simulator's own
    // limit (100 GET/s) may refuse a few and the client retries them: those are not polls.
    const spent = calls() - start - sim.stats().rateLimited;
    // 120 s of the clock: at most 120 polls (and one of burst), not the 3,000 the views asked for.
    expect(spent).toBeLessThanOrEqual(121);
    expect(spent).toBeGreaterThanOrEqual(100); // and the share is used, not left idle
    // Taken in turns: every view was polled lately, none starved; each says it is stretched,
    // to about the 50 s the share allows 50 views.
    const states = [...latest.values()];
    for (const state of states) expect(state.polledAt).toBeGreaterThan(clock.now() - 60_000);
    const stretched = states.filter((state) => state.stretched);
    expect(stretched.length).toBeGreaterThan(40);
    for (const state of stretched) {
      expect(state.intervalMs).toBeGreaterThan(40_000);
      expect(state.intervalMs).toBeLessThan(60_000);
    }
  });
});

/**
 * Moves the clock an interval on, then a second more: Redis books the watchers' share on its own
 * real clock, so a poll may be told to wait a few real milliseconds, which the hubs sleep on the
 * manual clock.
 */
async function nextInterval(clock: ManualClock, replicas: LiveHub[]): Promise<void> {
  const settled = () => Promise.all(replicas.map((replica) => replica.settled()));
  await clock.advance(INTERVAL);
  await settled();
  await clock.advance(1_000);
  await settled();
}

describe.runIf(redisTestsEnabled())("watchers on three replicas sharing Redis", () => {
  it("still cost one upstream call per interval, and every replica's subscribers hear each poll", async () => {
    const clock = new ManualClock();
    const prefix = `live-${Math.random()}:`;
    const replicas = [0, 1, 2].map(() => {
      const store = new RedisStore({ url: redis!.url, prefix });
      stores.push(store);
      return hub(clock, store, client(store));
    });
    const heard = [0, 0, 0];
    replicas.forEach((replica, r) => {
      for (let i = 0; i < 100; i++) replica.subscribe(view(), () => heard[r]!++);
    });
    const settled = () => Promise.all(replicas.map((replica) => replica.settled()));
    await settled();
    await eventually(() => heard.every((n) => n >= 100), "every replica hears the baseline");
    expect(calls()).toBe(1);
    for (let round = 1; round <= 4; round++) {
      await nextInterval(clock, replicas);
      expect(calls()).toBe(1 + round);
    }
    await eventually(() => heard.every((n) => n === 500), "every subscriber hears every poll");
  });

  it("goes on from another replica when the one holding the watch stops", async () => {
    const clock = new ManualClock();
    const prefix = `live-${Math.random()}:`;
    const [a, b] = [0, 1].map(() => {
      const store = new RedisStore({ url: redis!.url, prefix });
      stores.push(store);
      return hub(clock, store, client(store));
    });
    const onB: LiveState[] = [];
    const leaveA = a!.subscribe(view(), () => undefined);
    await a!.settled();
    b!.subscribe(view(), (state) => onB.push(state));
    await b!.settled();
    expect(calls()).toBe(1); // a's baseline
    await leaveA(); // a's analysts leave: its lease goes with them
    await a!.settled();
    await nextInterval(clock, [a!, b!]);
    expect(calls()).toBe(2); // b polled, from a's record: no second baseline
    await eventually(() => onB.length >= 2, "b's subscriber hears b's poll");
    expect(Number(onB.at(-1)!.rev.split("-")[1])).toBe(2);
  });
});
