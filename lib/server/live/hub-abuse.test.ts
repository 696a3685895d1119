import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { MemoryStore } from "@/lib/server/store/memory";
import type { SharedStore } from "@/lib/server/store";
import { testClient } from "@/test/usm-client";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { ManualClock } from "@/test/manual-clock";
import type { LiveHub } from "./hub";
import { acmeHub } from "@/test/live-hub";
import type { LiveState } from "@/lib/shared/live/types";
import { liveViewId, parseLiveViewId, type LiveView } from "@/lib/shared/live/view-id";

// The hub against hostile use and a failing store.

const CREDS = { id: "review-client", secret: "review-secret-91ab" };
const INTERVAL = 15_000;
let sim: RunningSimulator;
const hubs: LiveHub[] = [];

beforeAll(async () => {
  // Without the upstream's own limit: the test's clock packs minutes of polls into a second of
  // real time, and what is tested is the console's share of the budget, not the upstream's 429s.
  sim = await startSimulator({ port: 0, alarms: 2000, clients: [CREDS], rateLimit: false });
});
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()));
  sim.reset();
});
afterAll(() => sim.close());

function view(intent: string): LiveView {
  const parsed = parseLiveViewId(
    liveViewId("acme", { ...DEFAULT_QUERY, filters: { rule_intent: [intent] } }),
  );
  if (!parsed) throw new Error("not a view");
  return parsed;
}

function hub(clock: ManualClock, store: SharedStore, getPerSecond: number): LiveHub {
  // The deployment's budget (and the watchers' 10% of it), booked in the test's store.
  const client = testClient(sim, CREDS, {
    store,
    deployment: "acme",
    cacheTtlMs: 0,
    getPerSecond,
    shares: { live: 0.1 },
  });
  const made = acmeHub(clock, store, client, INTERVAL);
  hubs.push(made);
  return made;
}

describe("the hub", () => {
  it("views opened and closed by one analyst do not evict the deployment's token and state from the memory store", async () => {
    const clock = new ManualClock();
    const store = new MemoryStore({ now: clock.now });
    // What the usm client keeps in the same "default" table (token, token lock, last error...).
    await store.set("usm:acme:abcdefabcdef:token", "sealed-token", 3_600_000);
    const live = hub(clock, store, 1); // a small budget: most polls are refused (stretched)
    // A stream with 20 views, closed and reopened with 20 others: 20 a second pass the gate.
    for (let i = 0; i < 10_500; i++) {
      const leave = live.subscribe(view(`flood-${i}`), () => undefined);
      await live.settled();
      leave();
    }
    await live.settled();
    expect(store.sizes().live).toBeLessThanOrEqual(5_000); // the live table's own bound
    expect(await store.get("usm:acme:abcdefabcdef:token")).toBe("sealed-token");
  }, 120_000);

  it("over the share, views are stretched, not starved: 320 views (one analyst's 8 x 20 on two replicas, or a team) and a colleague's", async () => {
    const clock = new ManualClock();
    const store = new MemoryStore({ now: clock.now });
    // The documented 100 GET/s: 10 polls a second to share (the share on the test's clock).
    const live = hub(clock, store, 100);
    const polledViews = new Set<string>();
    for (let i = 0; i < 320; i++) {
      live.subscribe(view(`mine-${i}`), (state) => {
        if (state.polledAt !== null) polledViews.add(state.view);
      });
    }
    await live.settled();
    const polls: number[] = [];
    const seen: LiveState[] = [];
    live.subscribe(view("colleague"), (state) => {
      seen.push(state);
      if (state.polledAt !== null && polls.at(-1) !== state.polledAt) polls.push(state.polledAt);
    });
    for (let step = 0; step < 60; step++) {
      await clock.advance(5_000);
      await live.settled();
    }
    const gaps = polls.slice(1).map((at, i) => at - polls[i]!);
    console.log(
      `colleague polled ${polls.length} times in 5 min; gaps ${gaps.map((g) => g / 1000)}`,
    );
    // A fair stretch of 321 views over 150 polls an interval: every ~2 intervals, 9 in 5 min.
    expect(polls.length).toBeGreaterThanOrEqual(7);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(3 * INTERVAL);
  }, 120_000);

  it("tells subscribers the view is not watched when the store cannot subscribe", async () => {
    const clock = new ManualClock();
    const store = new MemoryStore({ now: clock.now });
    store.subscribe = () => Promise.reject(new Error("store_unavailable"));
    const live = hub(clock, store, 100);
    const heard: LiveState[] = [];
    live.subscribe(view("y"), (state) => heard.push(state));
    for (let i = 0; i < 8; i++) {
      await clock.advance(INTERVAL);
      await live.settled();
    }
    // Two minutes of nothing: the browser says "Live updates starting…" with no error.
    expect(heard.some((state) => state.error !== null)).toBe(true);
  });
});
