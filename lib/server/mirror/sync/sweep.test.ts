import { describe, expect, it } from "vitest";
import type { Sweep } from "@/lib/server/mirror/sync/state";
import { halvedSweep, nextSweep, windowOf } from "@/lib/server/mirror/sync/sweep";

// What a sweep reads after each page: a fixed upper bound moving down to the page's oldest time,
// the page number only through a page of one time, done at a short page.

const FIRST: Sweep = { gte: 1_000, lte: null, page: 0, status: null };

describe("a sweep through a window, newest first", () => {
  it("reads up to the newest first, then under the oldest time of the page before", () => {
    expect(windowOf(FIRST, 3)).toEqual({ gte: 1_000, page: 0, size: 3 });
    const next = nextSweep(FIRST, [9_000, 8_000, 7_000], 3);
    expect(next).toEqual({ gte: 1_000, lte: 7_000, page: 0, status: null });
    expect(windowOf(next!, 3)).toEqual({ gte: 1_000, lte: 7_000, page: 0, size: 3 });
  });

  it("steps the page number under the same bound through a page of one time", () => {
    const under: Sweep = { ...FIRST, lte: 7_000 };
    const same = nextSweep(under, [7_000, 7_000, 7_000], 3);
    expect(same).toEqual({ ...under, page: 1 });
    expect(nextSweep(same!, [7_000, 7_000, 7_000], 3)).toEqual({ ...under, page: 2 });
    // A page of one time past the first fixes the bound at that time.
    expect(nextSweep(FIRST, [5_000, 5_000], 2)).toEqual({ ...FIRST, lte: 5_000, page: 1 });
    // Once the times differ again: the next bound, from page 0.
    expect(nextSweep({ ...under, page: 2 }, [7_000, 6_000, 5_000], 3)).toEqual({
      ...under,
      lte: 5_000,
      page: 0,
    });
  });

  it("is done at a short page, and never moves the bound by an alarm without a time", () => {
    expect(nextSweep(FIRST, [9_000, 8_000], 3)).toBeNull();
    expect(nextSweep(FIRST, [], 3)).toBeNull();
    expect(nextSweep(FIRST, [9_000, null, 8_000], 3)).toMatchObject({ lte: 8_000, page: 0 });
    expect(nextSweep(FIRST, [null, null], 2)).toEqual({ ...FIRST, page: 1 });
  });

  it("keeps its place when the page size is halved", () => {
    expect(halvedSweep({ ...FIRST, lte: 7_000, page: 3 })).toMatchObject({ lte: 7_000, page: 6 });
    expect(halvedSweep(FIRST)).toEqual(FIRST);
  });
});
