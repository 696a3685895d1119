import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { MemoryStore } from "@/lib/store/memory";
import type { SharedStore } from "@/lib/store";
import { redisFixture } from "@/test/redis-fixture";
import { budgetRate, FairBudget, MAX_LATENESS_MS } from "./budget";

// The shared, fair rate budget: what one analyst's flood leaves the others, what it costs the
// flood itself, and the bound it keeps across replicas. Orders and counts are asserted, never
// durations: a slower machine only spreads the same calls thinner.

const redis = redisFixture();

function budget(store: SharedStore, key = "budget:test", perSecond = 100) {
  return new FairBudget({ store, key, perSecond, maxWaitMs: 60_000 });
}

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
  const store = (): SharedStore => {
    return kind === "memory" ? new MemoryStore() : redis.store();
  };
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
    const shared = budget(store());
    const flood = Array.from({ length: 60 }, () => shared.take("flood"));
    // The flood queued (each call first asks the store for its share) and flowing.
    while (shared.queuedFor("flood") < 20) await new Promise((resolve) => setTimeout(resolve, 2));
    // Counted as the victim's call joins (no share to ask first: it queues in this very step),
    // and again as it is let through: the flood's calls served in between.
    const floodWaiting = shared.queuedFor("flood");
    const floodWaitingAtVictim = await shared
      .take("victim", { shared: false })
      .then(() => shared.queuedFor("flood"));
    await Promise.all(flood);
    expect(floodWaiting).toBeGreaterThanOrEqual(20); // the flood really was ahead of it
    // Round-robin: at most the call holding the send time in hand, then the victim's turn.
    expect(floodWaiting - floodWaitingAtVictim).toBeLessThanOrEqual(1);
  });

  run("refuses an analyst's excess at once, with a wait, and nobody else's", async () => {
    const shared = budget(store());
    const outcomes = await Promise.all(
      Array.from({ length: 400 }, () =>
        shared.take("flood").then(
          () => "granted",
          (error: unknown) => error,
        ),
      ),
    );
    const refused = outcomes.filter((outcome) => outcome !== "granted");
    expect(refused.length).toBeGreaterThan(200);
    for (const error of refused) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: "rate_limited", status: 429 });
      expect((error as ApiError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    // Another analyst is not refused: the flood spent only its own share.
    await expect(shared.take("colleague")).resolves.toBeUndefined();
  });

  run("holds one budget across replicas: no second above the limit", async () => {
    const common = store();
    const replicas = [budget(common), budget(common), budget(common)];
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 240 }, (_, i) =>
        replicas[i % 3]!.take(`analyst-${i % 12}`).then(() => {
          times.push(performance.now());
        }),
      ),
    );
    times.sort((a, b) => a - b);
    let busiest = 0;
    for (let start = 0, end = 0; end < times.length; end++) {
      while (times[end]! - times[start]! >= 1_000) start++;
      busiest = Math.max(busiest, end - start + 1);
    }
    expect(times).toHaveLength(240);
    expect(busiest).toBeLessThanOrEqual(100);
  });
});
