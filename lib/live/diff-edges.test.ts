import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, type AlarmListQuery, type AlarmStatus } from "@/lib/alarms/query";
import type { AlarmSummary } from "@/lib/alarms/types";
import { observe, type WatchMemory } from "./diff";

// Adversarial pages for observe(): late arrivals at the bottom of a full page, backfill, and
// rows that leave a view sorted by a key many alarms share.

const NOW = Date.UTC(2026, 10, 22, 14, 2, 0);
const MIN = 60_000;

function alarm(name: string, age: number, more: Partial<AlarmSummary> = {}): AlarmSummary {
  return {
    uuid: name,
    deployment: "acme",
    status: "open" as AlarmStatus,
    priority: 50,
    priorityLabel: "medium",
    suppressed: false,
    rule: {
      id: null,
      intent: null,
      strategy: null,
      method: null,
      dictionary: null,
      attackId: null,
      attackTechnique: null,
      attackTactics: [],
    },
    occurredAt: NOW - age * MIN,
    receivedAt: NOW - age * MIN + 2_000,
    sources: [],
    destinations: [],
    eventsShown: 1,
    eventsTotal: 1,
    labels: [],
    sensorUuid: null,
    sensorSources: [],
    ...more,
  };
}

const ctx = (sort: AlarmListQuery["sort"] = DEFAULT_QUERY.sort, window = 4) => ({
  sort,
  window,
  now: NOW,
  occurredGte: null,
});

function baseline(page: AlarmSummary[], sort?: AlarmListQuery["sort"], window = 4): WatchMemory {
  return observe(null, page, ctx(sort, window)).memory;
}

describe("observe's backfill heuristic", () => {
  it("announces a late arrival that lands in the last slot of a full page", () => {
    // Full page a..d (more alarms below). "late" occurred between c and d, received only now:
    // it takes d's slot and pushes d below the page. Nothing departed, nothing moved up.
    const memory = baseline([alarm("a", 1), alarm("b", 2), alarm("c", 3), alarm("d", 5)]);
    const next = observe(
      memory,
      [alarm("a", 1), alarm("b", 2), alarm("c", 3), alarm("late", 4)],
      ctx(),
    );
    // gone = {d} (pushed) -> backfillFrom = 3 -> "late" at index 3 is taken for a backfill.
    expect(next.fresh.map((f) => f.uuid)).toEqual(["late"]);
  });

  it("announces a late arrival near the bottom while new alarms push rows out", () => {
    const page = Array.from({ length: 10 }, (_, i) => alarm(`r${i}`, i + 1));
    const memory = baseline(page, undefined, 10);
    // Two new alarms at the top, one late arrival between r6 and r7: r7, r8, r9 are pushed out.
    const next = observe(
      memory,
      [alarm("n1", 0), alarm("n2", 0.5), ...page.slice(0, 7), alarm("late", 7.5)],
      ctx(undefined, 10),
    );
    expect(next.fresh.map((f) => f.uuid)).toEqual(["n1", "n2", "late"]);
  });

  it("does not announce a genuine backfill", () => {
    const memory = baseline([alarm("a", 1), alarm("b", 2), alarm("c", 3), alarm("d", 4)]);
    const next = observe(
      memory,
      [alarm("a", 1), alarm("c", 3), alarm("d", 4), alarm("e", 5)],
      ctx(),
    );
    expect(next.fresh).toEqual([]);
  });
});

describe("observe's departed heuristic", () => {
  it("asks about a row that left a priority-sorted view at the last row's priority", () => {
    const sort = { field: "priority", direction: "desc" } as const;
    // Priorities repeat a lot (0-100 integers): all four rows are priority 50.
    const memory = baseline([alarm("a", 1), alarm("b", 2), alarm("c", 3), alarm("d", 4)], sort);
    // b was closed upstream and left the status=open view; e moved up from below.
    const next = observe(
      memory,
      [alarm("a", 1), alarm("c", 3), alarm("d", 4), alarm("e", 5)],
      ctx(sort),
    );
    // Equal keys are taken as "pushed below", so b is never asked about and its status change
    // never reaches the analyst whose page still shows it open.
    expect(next.departed.map((row) => row.uuid)).toEqual(["b"]);
  });
});
