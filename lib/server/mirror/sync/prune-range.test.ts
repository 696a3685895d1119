import { describe, expect, it } from "vitest";
import { coveredBy } from "@/lib/server/mirror/sync/prune";
import { initialState, syncStateSchema } from "@/lib/server/mirror/sync/state";

// Which stretch of time a page of a whole day's listing read in full: what the index holds there
// and the page lacks is gone upstream. Newest first, under a fixed upper bound (./sweep.ts).

const day = { gte: 1_000, lte: 9_000, page: 0, status: null };

describe("the stretch a listing's page covers", () => {
  it("is from above its oldest time up to the bound when the page is full", () => {
    expect(coveredBy(day, [9_000, 7_000, 5_000], 3)).toEqual({
      from: 5_000,
      fromInclusive: false,
      to: 9_000,
      toInclusive: true,
    });
  });

  it("reaches down to the window's start on the last, short page", () => {
    expect(coveredBy({ ...day, lte: 5_000 }, [5_000, 2_000], 3)).toEqual({
      from: 1_000,
      fromInclusive: true,
      to: 5_000,
      toInclusive: true,
    });
  });

  it("proves nothing of a page of one time, and leaves the bound out of the page after it", () => {
    expect(coveredBy(day, [9_000, 9_000, 9_000], 3)).toBeNull();
    expect(coveredBy({ ...day, page: 1 }, [9_000, 8_000, 6_000], 3)).toEqual({
      from: 6_000,
      fromInclusive: false,
      to: 9_000,
      toInclusive: false,
    });
  });

  it("proves nothing of a listing of one status (the others' alarms are not on it)", () => {
    expect(coveredBy({ ...day, status: "open" }, [9_000, 2_000], 3)).toBeNull();
  });
});

describe("a sync state saved before the older days' walk", () => {
  it("is read on, the walk starting at once, rather than dropped for a new backfill", () => {
    const { older: _older, ...reconcile } = initialState(0, 500, 90 * 86_400_000).reconcile;
    const saved = { ...initialState(0, 500, 90 * 86_400_000), reconcile };
    const parsed = syncStateSchema.safeParse(JSON.parse(JSON.stringify(saved)));
    expect(parsed.success && parsed.data.reconcile.older).toEqual({ next: 0, dueAt: 0 });
  });
});
