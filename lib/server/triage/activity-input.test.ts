import { describe, expect, it } from "vitest";
import { activityParams, NO_ACTIVITY_FILTERS } from "@/lib/shared/triage/audit";
import { readActivityFilters } from "./activity-input";

// The activity page's URL, read by the one schema its page, API and export share: a deep link
// gives back the filters it was made from, a wrong value names its parameter, and a time the
// page's inputs send without an offset is UTC whatever the server's zone.

const read = (query: string) => readActivityFilters(new URLSearchParams(query));

describe("the activity page's URL", () => {
  it("reads back the link its filters make", () => {
    const filters = {
      ...NO_ACTIVITY_FILTERS,
      analyst: ["alice", "bob"],
      action: ["closed" as const, "exported" as const],
      deployment: ["acme", "all"],
      from: Date.UTC(2026, 10, 1),
      to: Date.UTC(2026, 10, 2, 12),
      before: 1234,
    };
    expect(read(activityParams(filters).toString())).toEqual({ ok: true, filters });
  });

  it("takes a time without an offset as UTC, and lower-cases a handle", () => {
    const answer = read("analyst=Alice&from=2026-11-29T10:00&to=2026-11-30");
    expect(answer).toMatchObject({
      ok: true,
      filters: { analyst: ["alice"], from: Date.UTC(2026, 10, 29, 10), to: Date.UTC(2026, 10, 30) },
    });
  });

  it("names the parameter that is wrong", () => {
    expect(read("action=deleted_everything")).toMatchObject({ ok: false, param: "action" });
    expect(read("from=yesterday")).toMatchObject({ ok: false, param: "from" });
    expect(read("before=-3")).toMatchObject({ ok: false, param: "before" });
    expect(read("from=2026-11-30&to=2026-11-29")).toMatchObject({ ok: false, param: "from" });
  });
});
