import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { MemoryStore } from "@/lib/server/store/memory";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { ManualClock } from "@/test/manual-clock";
import { testClient } from "@/test/usm-client";
import { readAlarmPage } from "./alarms";
import { BUDGET_CLASSES } from "./budget-classes";
import { readExportPage } from "./export";

// The budget's classes as a deployment's client applies them: the share a class may spend, and
// an export's reads giving way to an analyst's read under way upstream.

const CREDS = { id: "classes-client", secret: "classes-secret-3b9d" };
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 300, clients: [CREDS], rateLimit: false });
});
afterAll(() => sim.close());

describe("a class's share of the budget", () => {
  const clientAt = (getPerSecond: number, share?: number) => {
    const clock = new ManualClock();
    const store = new MemoryStore({ now: clock.now });
    return testClient(sim, CREDS, {
      store,
      getPerSecond,
      ...(share !== undefined && { shares: { live: share } }),
    });
  };

  it("takes turns in its slice, booked ahead in order, and refuses past the wait allowed", async () => {
    // 10 GET/s, the watchers' default 10%: one turn a second.
    expect(BUDGET_CLASSES.live.share).toBe(0.1);
    const client = clientAt(10);
    const turns = [];
    for (let i = 0; i < 4; i++) turns.push(await client.takeTurn("live", 2_500));
    expect(turns).toEqual([
      { granted: true, waitMs: 0 },
      { granted: true, waitMs: 1_000 },
      { granted: true, waitMs: 2_000 },
      { granted: false, retryInMs: expect.any(Number) },
    ]);
  });

  it("takes the share the deployment's configuration gives it (LIVE_BUDGET_SHARE)", async () => {
    const client = clientAt(10, 0.5); // five turns a second
    await client.takeTurn("live", 10_000);
    expect(await client.takeTurn("live", 10_000)).toEqual({ granted: true, waitMs: 200 });
  });

  it("always has the turn now for a class without a share, or a deployment without a limit", async () => {
    const limited = clientAt(10);
    for (let i = 0; i < 3; i++) {
      expect(await limited.takeTurn("overview", 1)).toEqual({ granted: true, waitMs: 0 });
    }
    const unlimited = clientAt(0);
    for (let i = 0; i < 3; i++) {
      expect(await unlimited.takeTurn("live", 1)).toEqual({ granted: true, waitMs: 0 });
    }
  });
});

describe("an export's read", () => {
  it("starts upstream only once the analyst's read under way there has come back", async () => {
    const client = testClient(sim, CREDS, { cacheTtlMs: 0 });
    // Token first, so that each read below is one upstream call.
    await readAlarmPage(DEFAULT_QUERY, { client, analyst: "warm" });
    const before = sim.stats().byRoute.alarms;
    sim.setFaults({ latencyMs: 1_000 });
    try {
      const analyst = readAlarmPage({ ...DEFAULT_QUERY, page: 3 }, { client, analyst: "alice" });
      while (client.analystReadsInFlight === 0) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      const exported = readExportPage({ ...DEFAULT_QUERY, page: 4 }, 50, client);
      // When the analyst's page is back, the export's read has not reached the upstream yet.
      const callsWhenBack = await analyst.then(() => sim.stats().byRoute.alarms - before);
      expect(callsWhenBack).toBe(1);
      expect((await exported).alarms).toHaveLength(50);
      expect(sim.stats().byRoute.alarms - before).toBe(2);
    } finally {
      sim.setFaults({ latencyMs: 0 });
    }
  });
});
