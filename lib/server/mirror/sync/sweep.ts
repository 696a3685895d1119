import "server-only";
import type { IndexWindow } from "@/lib/server/usm";
import type { Sweep } from "@/lib/server/mirror/sync/state";

// Reading a long window newest first without deep page numbers (which comparable APIs refuse
// past 10,000-20,000 results): each read has a fixed upper bound, the oldest occurred time of
// the page before (inclusive, so the alarms sharing it are read again and de-duplicated by uuid
// when written). A page whose alarms all share one time cannot move the bound: the next page
// number under the same bound is read instead, so the sweep never reads one page forever.
// Pure: the worker reads, this says what to read next.

/** The upstream read of a sweep at `size`. */
export function windowOf(sweep: Sweep, size: number): IndexWindow {
  return {
    gte: sweep.gte,
    ...(sweep.lte !== null && { lte: sweep.lte }),
    ...(sweep.status !== null && { status: sweep.status }),
    page: sweep.page,
    size,
  };
}

/**
 * What to read after a page of `size` whose alarms occurred at `occurred` (newest first; null
 * for an alarm without a time), or null when the sweep is done (a short page).
 */
export function nextSweep(sweep: Sweep, occurred: (number | null)[], size: number): Sweep | null {
  if (occurred.length < size) return null;
  const times = occurred.filter((at): at is number => at !== null);
  const newest = Math.max(...times);
  const oldest = Math.min(...times);
  if (times.length === 0 || oldest === newest) {
    // One time for the whole page (or none known): the next page under the same bound.
    return { ...sweep, lte: sweep.lte ?? (times.length ? newest : null), page: sweep.page + 1 };
  }
  return { ...sweep, lte: oldest, page: 0 };
}

/** The same place at half the page size: page p of size s begins where page 2p of s/2 does. */
export function halvedSweep(sweep: Sweep): Sweep {
  return { ...sweep, page: sweep.page * 2 };
}
