import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/shared/core/errors";
import { MemoryStore } from "@/lib/server/store/memory";
import type { SharedStore } from "@/lib/server/store";
import { ManualClock } from "@/test/manual-clock";
import { redisFixture } from "@/test/redis-fixture";
import { budgetRate, FairBudget, MAX_LATENESS_MS } from "./budget";
import { BUDGET_CLASSES } from "./budget-classes";

const { analyst: ANALYST, live: LIVE, overview: OVERVIEW } = BUDGET_CLASSES;
const MAX_BACKGROUND_QUEUED = OVERVIEW.maxQueuedPerCaller;

// The shared, fair rate budget: what one analyst's flood leaves the others, what it costs the
// flood itself, and the bound it keeps across replicas. Orders and counts are asserted, never
// durations: a slower machine only spreads the same calls thinner. On the memory store the
// budget and the store share a manual clock, so the seconds of waiting take none; Redis keeps
// its own clock, so there the waits are real (and the counts no larger than the claims need).

const redis = redisFixture();

describe("budgetRate", () => {
  it("keeps any second of the upstream under its limit, late wake-ups included", () => {
    for (const limit of [10, 50, 100, 500]) {
      const rate = budgetRate(limit, 1_000);
      // GCRA: within any span W at most burst + W / interval reservations; a call goes at most
      // MAX_LATENESS_MS after its time, so one upstream second sees a 1 s + lateness span.
      const worst = rate.burst + Math.floor((1_000 + MAX_LATENESS_MS) / rate.intervalMs) + 1;
      expect(worst, `limit ${limit}`).toBeLessThanOrEqual(limit);
    }
  });
});

describe.each(["memory", "redis"] as const)("FairBudget on the %s store", (kind) => {
  /** A store and what drives time for the tests on it: a manual clock, or the real one. */
  const setup = () => {
    if (kind === "redis") {
      const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
      return {
        store: redis.store() as SharedStore,
        clock: undefined,
        now: () => performance.now(),
        pause: sleep,
        settle: <T>(promise: Promise<T>) => promise,
      };
    }
    const clock = new ManualClock();
    return {
      store: new MemoryStore({ now: clock.now }) as SharedStore,
      clock,
      now: clock.now,
      pause: (ms: number) => clock.advance(ms),
      settle: <T>(promise: Promise<T>) => clock.run(promise),
    };
  };
  const budget = (
    { store, clock }: ReturnType<typeof setup>,
    key = "budget:test",
    perSecond = 100,
  ) => new FairBudget({ store, key, perSecond, maxWaitMs: 60_000, clock });
  const run = (name: string, test: () => Promise<void>) =>
    it(
      name,
      async (context) => {
        if (kind === "redis" && !redis.server) context.skip();
        await test();
      },
      60_000,
    );

  run("serves a second analyst at the next turn, whatever one analyst has queued", async () => {
    const time = setup();
    const shared = budget(time);
    const flood = Array.from({ length: 60 }, () => shared.take("flood", ANALYST));
    // The flood queued (each call first asks the store for its share) and flowing.
    while (shared.queuedFor("flood") < 20) await time.pause(2);
    // Counted as the victim's call joins (no share to ask first: it queues in this very step),
    // and again as it is let through: the flood's calls served in between.
    const floodWaiting = shared.queuedFor("flood");
    const floodWaitingAtVictim = await time.settle(
      shared.take("victim", ANALYST, { charge: false }).then(() => shared.queuedFor("flood")),
    );
    await time.settle(Promise.all(flood));
    expect(floodWaiting).toBeGreaterThanOrEqual(20); // the flood really was ahead of it
    // Round-robin: at most the call holding the send time in hand, then the victim's turn.
    expect(floodWaiting - floodWaitingAtVictim).toBeLessThanOrEqual(1);
  });

  run("serves background calls only when no analyst's call waits", async () => {
    const time = setup();
    const shared = budget(time);
    const order: string[] = [];
    const note = (what: string) => () => {
      order.push(what);
    };
    // The burst goes at once: fill it first, so the rest really queue.
    await time.settle(
      Promise.all(Array.from({ length: 5 }, () => shared.take("warm-up", ANALYST))),
    );
    const background = Array.from({ length: 5 }, () =>
      shared.take("(live)", LIVE).then(note("background")),
    );
    const analysts = Array.from({ length: 10 }, (_, i) =>
      shared.take(`analyst-${i % 2}`, ANALYST, { charge: false }).then(note("analyst")),
    );
    await time.settle(Promise.all([...background, ...analysts]));
    // Queued first, served last: every analyst's call went ahead of every background one.
    expect(order).toEqual([...Array(10).fill("analyst"), ...Array(5).fill("background")]);
  });

  run("serves background callers in turn, and bounds what one of them may queue", async () => {
    const time = setup();
    const shared = budget(time);
    const order: string[] = [];
    await time.settle(
      Promise.all(Array.from({ length: 5 }, () => shared.take("warm-up", ANALYST))),
    );
    // One analyst's overview reads queued first, up to the bound; the excess refused at once.
    const overview = Array.from({ length: MAX_BACKGROUND_QUEUED + 5 }, () =>
      shared.take("ana", OVERVIEW).then(
        () => order.push("ana"),
        (error: unknown) => order.push(error instanceof ApiError ? error.code : "?"),
      ),
    );
    // The live queue's watcher, queued behind all of them.
    const watcher = shared.take("(live)", LIVE).then(() => order.push("(live)"));
    await time.settle(Promise.all([...overview, watcher]));
    expect(order.slice(0, 5)).toEqual(Array(5).fill("upstream_rate_limited"));
    // Round-robin: the watcher went at the second background turn, not after ana's backlog.
    expect(order.indexOf("(live)")).toBeLessThanOrEqual(5 + 2);
    expect(order.filter((what) => what === "ana")).toHaveLength(MAX_BACKGROUND_QUEUED);
  });

  run("refuses an analyst's excess at once, with a wait, and nobody else's", async () => {
    const time = setup();
    const shared = budget(time);
    const outcomes = await time.settle(
      Promise.all(
        Array.from({ length: 400 }, () =>
          shared.take("flood", ANALYST).then(
            () => "granted",
            (error: unknown) => error,
          ),
        ),
      ),
    );
    const refused = outcomes.filter((outcome) => outcome !== "granted");
    expect(refused.length).toBeGreaterThan(200);
    expect(refused.length).toBeLessThan(400); // its share was served
    for (const error of refused) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: "rate_limited", status: 429 });
      expect((error as ApiError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    // Another analyst is not refused: the flood spent only its own share.
    await expect(time.settle(shared.take("colleague", ANALYST))).resolves.toBeUndefined();
  });

  run("holds one budget across replicas: no second above the limit", async () => {
    const time = setup();
    const replicas = [budget(time), budget(time), budget(time)];
    // More calls than one second allows, so they must spread over more than a second; few
    // enough that budgets kept per replica (3 x 85/s) would let them all through within one.
    const calls = 150;
    const times: number[] = [];
    await time.settle(
      Promise.all(
        Array.from({ length: calls }, (_, i) =>
          replicas[i % 3]!.take(`analyst-${i % 12}`, ANALYST).then(() => {
            times.push(time.now());
          }),
        ),
      ),
    );
    times.sort((a, b) => a - b);
    let busiest = 0;
    for (let start = 0, end = 0; end < times.length; end++) {
      while (times[end]! - times[start]! >= 1_000) start++;
      busiest = Math.max(busiest, end - start + 1);
    }
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(1_000);
    expect(busiest).toBeLessThanOrEqual(100);
  });
});
