import { beforeAll, expect, it } from "vitest";
import { DEFAULT_QUERY, type AlarmFilters, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { OVERVIEW_PARTS } from "@/lib/shared/overview/plan";
import type { OverviewSection } from "@/lib/shared/overview/types";
import { readOverviewPart } from "@/lib/server/overview/read";
import { describeEachEngine } from "@/test/index-db";
import {
  SYNC_CLIENT,
  backfill,
  startSyncWorld,
  syncWorker,
  type SyncWorld,
} from "@/test/index-sync";
import { testClient } from "@/test/usm-client";
import { indexedOverviewPart } from "./overview";

// The overview from the index against the upstream's own counts: for a deployment the index
// holds whole, every section (priority, status, intent, the histogram at an hour's, a day's and
// a month's range, with and without filters) says exactly what the upstream's size=1 counts
// say, on both engines, and costs the upstream nothing (the simulator's stats count its GETs).

let world: SyncWorld;

beforeAll(async () => {
  world = await startSyncWorld({ alarms: 2_000, seed: 31 });
}, 60_000);

const VIEWS: { name: string; filters: AlarmFilters }[] = [
  { name: "everything", filters: {} },
  { name: "the last day, open", filters: { range: "24h", status: "open" } },
  { name: "the last 30 days, high", filters: { range: "30d", priority_label: "high" } },
  { name: "the last hour", filters: { range: "1h" } },
  { name: "an intent, suppressed or not", filters: { rule_intent: "Delivery & Attack" } },
];

/**
 * A section without when it was read, or where from: what both sources must agree on. Intents
 * come from the index as the view's own, most alarms first; upstream as the catalogue's, in its
 * order, with zeros: the same intents and counts, zeros aside.
 */
function figures(section: OverviewSection) {
  const { readAt: _readAt, source: _source, ...rest } = section;
  void _readAt;
  void _source;
  if (rest.part !== "intent") return rest;
  const counts = rest.counts.filter((entry) => entry.count !== 0);
  return { ...rest, counts: counts.sort((a, b) => (a.value < b.value ? -1 : 1)) };
}

describeEachEngine("The overview from the index", ({ database }) => {
  it("says what the upstream's counts say, at no upstream cost", { timeout: 240_000 }, async () => {
    const { db } = database();
    await backfill(syncWorker(world, db, { pageSize: 500 }), db);
    const now = world.clock.now();
    const call = {
      analyst: "tester",
      client: testClient(world.sim, SYNC_CLIENT, { deployment: "acme", cacheTtlMs: 0 }),
      now: () => now,
    };
    const source = { kind: "index" as const, indexedUpTo: now };
    for (const { name, filters } of VIEWS) {
      const query: AlarmListQuery = { ...DEFAULT_QUERY, filters };
      for (const part of OVERVIEW_PARTS) {
        const gets = world.sim.stats().byRoute.alarms;
        const indexed = await indexedOverviewPart(db, "acme", part, query, now, source);
        expect(world.sim.stats().byRoute.alarms, `${name} ${part}: no upstream call`).toBe(gets);
        expect(indexed.source).toEqual(source);
        const upstream = await readOverviewPart(part, query, call);
        expect(figures(indexed), `${name} ${part}`).toEqual(figures(upstream));
      }
    }
  });
});
