import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { testSummary } from "@/test/indexed-alarm";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { observe, type WatchMemory } from "./diff";

// What a watcher announces between two polls of a view's first page.

const NOW = Date.UTC(2026, 10, 22, 14, 2, 0);
const MIN = 60_000;

/** An alarm of the page: `name` is its uuid, occurred `age` minutes before NOW. */
function alarm(name: string, age: number, more: Partial<AlarmSummary> = {}): AlarmSummary {
  const occurredAt = NOW - age * MIN;
  return testSummary({ uuid: name, occurredAt, receivedAt: occurredAt + 2_000, ...more });
}

const bySort = (
  sort: AlarmListQuery["sort"] = DEFAULT_QUERY.sort,
  window = 4,
  occurredGte: number | null = null,
) => ({ sort, window, now: NOW, occurredGte });

function baseline(
  page: AlarmSummary[],
  sort: AlarmListQuery["sort"] = DEFAULT_QUERY.sort,
  window = 4,
): WatchMemory {
  const first = observe(null, page, bySort(sort, window));
  expect(first.fresh).toEqual([]); // a baseline announces nothing
  return first.memory;
}

describe("observe", () => {
  it("announces an alarm that entered at the top, with when it was seen", () => {
    const memory = baseline([alarm("b", 5), alarm("c", 9)]);
    const next = observe(
      memory,
      [alarm("a", 1, { priorityLabel: "high" }), alarm("b", 5), alarm("c", 9)],
      bySort(),
    );
    expect(next.fresh).toEqual([{ uuid: "a", seenAt: NOW, priorityLabel: "high" }]);
    expect(next.changes).toEqual([]);
  });

  it("catches a late arrival that lands below newer alarms, which a time watermark would miss", () => {
    const memory = baseline([alarm("a", 1), alarm("c", 9)]);
    // "late" occurred 4 minutes ago but was received only now: it sorts below a.
    const next = observe(memory, [alarm("a", 1), alarm("late", 4), alarm("c", 9)], bySort());
    expect(next.fresh.map((f) => f.uuid)).toEqual(["late"]);
  });

  it("does not announce rows moving up from below a full page as new", () => {
    const memory = baseline([alarm("a", 1), alarm("b", 2), alarm("c", 3), alarm("d", 4)]);
    // b closed (left the open view): e moved up from page 2.
    const next = observe(
      memory,
      [alarm("a", 1), alarm("c", 3), alarm("d", 4), alarm("e", 5)],
      bySort(),
    );
    expect(next.fresh).toEqual([]);
    expect(next.departed.map((row) => row.uuid)).toEqual(["b"]);
  });

  it("reports a status change of a row that stayed, in place", () => {
    const memory = baseline([alarm("a", 1), alarm("b", 2)]);
    const next = observe(memory, [alarm("a", 1, { status: "closed" }), alarm("b", 2)], bySort());
    expect(next.changes).toEqual([{ uuid: "a", status: "closed", at: NOW }]);
    expect(next.fresh).toEqual([]);
  });

  it("does not ask about rows pushed below a full page, or aged out of a rolling range", () => {
    const memory = baseline([alarm("a", 1), alarm("b", 2), alarm("c", 3), alarm("d", 50)]);
    const pushed = observe(
      memory,
      [alarm("n", 0), alarm("a", 1), alarm("b", 2), alarm("c", 3)],
      bySort(),
    );
    expect(pushed.fresh.map((f) => f.uuid)).toEqual(["n"]);
    expect(pushed.departed).toEqual([]);
    const aged = observe(
      memory,
      [alarm("a", 1), alarm("b", 2), alarm("c", 3)],
      bySort(undefined, 4, (NOW - 30 * MIN) as never),
    );
    expect(aged.departed).toEqual([]);
  });

  it("compares by the view's own sort: a new high alarm tops a priority-sorted view", () => {
    const sort = { field: "priority", direction: "desc" } as const;
    const first = observe(
      null,
      [alarm("p90", 300, { priority: 90 }), alarm("p80", 1, { priority: 80 })],
      bySort(sort, 2),
    );
    const next = observe(
      first.memory,
      [alarm("p95", 0, { priority: 95 }), alarm("p90", 300, { priority: 90 })],
      bySort(sort, 2),
    );
    expect(next.fresh.map((f) => f.uuid)).toEqual(["p95"]);
    expect(next.departed).toEqual([]); // p80 was pushed below, not changed
  });
});

// Adversarial pages: late arrivals at the bottom of a full page, backfill, and rows that leave
// a view sorted by a key many alarms share.

describe("observe's backfill heuristic", () => {
  it("announces a late arrival that lands in the last slot of a full page", () => {
    // Full page a..d (more alarms below). "late" occurred between c and d, received only now:
    // it takes d's slot and pushes d below the page. Nothing departed, nothing moved up.
    const memory = baseline([alarm("a", 1), alarm("b", 2), alarm("c", 3), alarm("d", 5)]);
    const next = observe(
      memory,
      [alarm("a", 1), alarm("b", 2), alarm("c", 3), alarm("late", 4)],
      bySort(),
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
      bySort(undefined, 10),
    );
    expect(next.fresh.map((f) => f.uuid)).toEqual(["n1", "n2", "late"]);
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
      bySort(sort),
    );
    // Equal keys are taken as "pushed below", so b is never asked about and its status change
    // never reaches the analyst whose page still shows it open.
    expect(next.departed.map((row) => row.uuid)).toEqual(["b"]);
  });
});

describe("observe, for views the index answers", () => {
  it("does not announce an alarm named quiet (one the backfill brought in), wherever it lands", () => {
    const memory = baseline([alarm("b", 5)]); // not full: anything new would be news
    const next = observe(memory, [alarm("a", 1), alarm("b", 5), alarm("old", 900)], {
      ...bySort(),
      quiet: (row) => row.uuid === "old",
    });
    expect(next.fresh.map((f) => f.uuid)).toEqual(["a"]);
  });

  it("tells one uuid of two deployments apart, naming each one's deployment", () => {
    const globex = (row: AlarmSummary) => ({ ...row, deployment: "globex" });
    const context = { ...bySort(), byDeployment: true };
    const first = observe(null, [alarm("u", 2)], context);
    const next = observe(
      first.memory,
      [globex(alarm("u", 1)), alarm("u", 2, { status: "closed" })],
      context,
    );
    expect(next.fresh).toEqual([
      { uuid: "u", deployment: "globex", seenAt: NOW, priorityLabel: "medium" },
    ]);
    expect(next.changes).toEqual([{ uuid: "u", deployment: "acme", status: "closed", at: NOW }]);
  });
});
