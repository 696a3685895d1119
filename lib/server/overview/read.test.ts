import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_QUERY, type AlarmFilters } from "@/lib/shared/alarms/query";
import { asTester, testClient } from "@/test/usm-client";
import { type UsmClient } from "@/lib/server/usm";
import {
  ANCHOR,
  CLIENT,
  getToken,
  readAll,
  startTestSimulator,
  type Alarm,
} from "@/simulator/test-support";
import type { RunningSimulator } from "@/simulator";
import { readOverviewPart } from "./read";
import type { DimensionOverview, HistogramOverview } from "@/lib/shared/overview/types";

// The overview against the real simulator over HTTP: every count equals what the simulator's
// own alarms say when counted one by one, each dimension leaving out its own filter.

const D = 24 * 3_600_000;
let sim: RunningSimulator;
let every: Alarm[];
let client: UsmClient;

beforeAll(async () => {
  sim = await startTestSimulator({ alarms: 1000, seed: 5 });
  every = await readAll(sim, await getToken(sim), "?size=1000");
  expect(every).toHaveLength(1000);
});
beforeEach(() => {
  client = testClient(sim, CLIENT);
});

const now = () => ANCHOR + 60_000;
const occurred = (alarm: Alarm) => Number(alarm.timestamp_occured);

/** The simulator's alarms a filter set keeps, counted here one by one. */
function matching(filters: AlarmFilters): Alarm[] {
  return every.filter(
    (alarm) =>
      (filters.status === undefined || filters.status.includes(alarm.status as never)) &&
      (filters.priority_label === undefined ||
        filters.priority_label.includes(alarm.priority_label as never)) &&
      (filters.rule_intent === undefined || filters.rule_intent.includes(alarm.rule_intent)) &&
      (filters.suppressed === undefined || alarm.suppressed === filters.suppressed) &&
      (filters.timestamp_occured_gte === undefined ||
        occurred(alarm) >= filters.timestamp_occured_gte) &&
      (filters.timestamp_occured_lte === undefined ||
        occurred(alarm) <= filters.timestamp_occured_lte),
  );
}

function countBy(alarms: Alarm[], field: "status" | "priority_label" | "rule_intent") {
  const counts = new Map<string, number>();
  for (const alarm of alarms) {
    const value = String(alarm[field]);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

async function overview(part: "priority" | "status" | "intent", filters: AlarmFilters) {
  return (await readOverviewPart(
    part,
    { ...DEFAULT_QUERY, filters },
    {
      ...asTester(client),
      now,
    },
  )) as DimensionOverview;
}

const FILTER_SETS: [string, AlarmFilters][] = [
  ["no filter", {}],
  ["open alarms", { status: ["open"] }],
  ["high and closed", { priority_label: ["high"], status: ["closed"] }],
  ["one intent, not suppressed", { rule_intent: ["Delivery & Attack"], suppressed: false }],
  ["a week", { timestamp_occured_gte: ANCHOR - 14 * D, timestamp_occured_lte: ANCHOR - 7 * D }],
];

describe("overview counts equal the simulator's own counts", () => {
  it.each(FILTER_SETS)("by priority and status: %s", async (_name, filters) => {
    const priority = await overview("priority", filters);
    const { priority_label: _p, ...withoutPriority } = filters;
    const byLabel = countBy(matching(withoutPriority), "priority_label");
    expect(priority.problem).toBeNull();
    // In the priority model's order; the simulator has no critical label (it refuses it).
    expect(priority.counts).toEqual(
      ["high", "medium", "low"].map((value) => ({ value, count: byLabel.get(value) ?? 0 })),
    );
    expect(priority.rest).toBeNull();

    const status = await overview("status", filters);
    const { status: _s, ...withoutStatus } = filters;
    const byStatus = countBy(matching(withoutStatus), "status");
    // Those the simulator gave no status are none (String(undefined) here): all add up.
    expect(status.counts).toEqual(
      ["open", "in_review", "closed", "none"].map((value) => ({
        value,
        count: byStatus.get(value === "none" ? "undefined" : value) ?? 0,
      })),
    );
  });

  it.each(FILTER_SETS)("by intent: %s", async (_name, filters) => {
    const intent = await overview("intent", filters);
    const { rule_intent: _i, ...withoutIntent } = filters;
    const byIntent = countBy(matching(withoutIntent), "rule_intent");
    expect(intent.problem).toBeNull();
    expect(intent.counts.length).toBeGreaterThan(2);
    for (const { value, count } of intent.counts) expect(count).toBe(byIntent.get(value) ?? 0);
    const named = intent.counts.reduce((sum, entry) => sum + entry.count!, 0);
    const total = matching(withoutIntent).length;
    expect(intent.rest?.count ?? 0).toBe(total - named);
  });

  it.each(FILTER_SETS)("over time: %s", async (_name, filters) => {
    const histogram = (await readOverviewPart(
      "histogram",
      { ...DEFAULT_QUERY, filters },
      {
        ...asTester(client),
        now,
      },
    )) as HistogramOverview;
    expect(histogram.problem).toBeNull();
    expect(histogram.bars.length).toBeGreaterThanOrEqual(24);
    expect(histogram.bars.length).toBeLessThanOrEqual(48);
    for (const bar of histogram.bars) {
      expect(bar.count).toBe(
        matching({ ...filters, timestamp_occured_gte: bar.gte, timestamp_occured_lte: bar.lte })
          .length,
      );
    }
    // Without a range the bars run from the oldest alarm: together they hold the whole view.
    const sum = histogram.bars.reduce((total, bar) => total + bar.count!, 0);
    expect(sum).toBe(matching(filters).length);
  });
});

describe("overview reads", () => {
  it("costs at most 60 upstream calls for a view, and nothing more for the next analyst", async () => {
    const filters: AlarmFilters = {
      status: ["open"],
      priority_label: ["high"],
      rule_intent: ["Delivery & Attack"],
    };
    const before = sim.stats().byRoute.alarms;
    const read = (analyst: string) =>
      Promise.all(
        (["priority", "status", "intent", "histogram"] as const).map((part) =>
          readOverviewPart(
            part,
            { ...DEFAULT_QUERY, filters },
            { ...asTester(client, analyst), now },
          ),
        ),
      );
    await read("ana");
    const first = sim.stats().byRoute.alarms - before;
    expect(first).toBeGreaterThan(24);
    expect(first).toBeLessThanOrEqual(60);
    await read("bob");
    expect(sim.stats().byRoute.alarms - before).toBe(first);
  });

  it("shows a failed count as unknown, never as 0", async () => {
    sim.setFaults({ failRate: 1, failStatus: 503, routes: ["alarms"] });
    try {
      const status = await overview("status", { suppressed: true });
      expect(status.counts.map((entry) => entry.count)).toEqual([null, null, null, null]);
      expect(status.problem?.code).toMatch(/^upstream_/);
      const priority = await overview("priority", { suppressed: true });
      expect(priority.counts.map((entry) => entry.count)).toEqual([null, null, null]);
      // What lies beyond the named labels is unknown too, not absent.
      expect(priority.rest).toEqual({ count: null });
      const histogram = (await readOverviewPart(
        "histogram",
        { ...DEFAULT_QUERY, filters: { suppressed: true, range: "7d" } },
        { ...asTester(client), now },
      )) as HistogramOverview;
      expect(histogram.bars.length).toBeGreaterThan(0);
      expect(histogram.bars.every((bar) => bar.count === null)).toBe(true);
    } finally {
      sim.setFaults({ failRate: 0 });
    }
  });
});
