import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import type { IndexPage } from "@/lib/server/usm";
import { forgetAbsent, type CoveredRange } from "@/lib/server/mirror/forget";
import type { Sweep } from "@/lib/server/mirror/sync/state";
import { nextSweep } from "@/lib/server/mirror/sync/sweep";

// Alarms the upstream no longer has leave the index as reconciliation re-lists a day (a day that
// counts more in the index than upstream is always re-listed whole, ./reconcile.ts): each page of
// the listing is complete over a stretch of time, and what the index holds there that the page
// lacks is gone upstream. Newest first with a fixed upper bound (./sweep.ts), a page of size n
// holds every alarm with a time above its oldest one and up to the bound (those at its oldest
// time may go on over the next page); the last, short page holds everything down to the
// window's start. A page of one time only (the sweep then steps its page number) proves nothing
// of that time; the page after it holds what lies strictly below the bound. A status-filtered
// listing proves nothing of the alarms of other statuses, so only a whole listing prunes.

/** The stretch of time a page of `sweep` read in full, or null when it proves nothing. */
export function coveredBy(
  sweep: Sweep,
  occurred: (number | null)[],
  size: number,
): CoveredRange | null {
  if (sweep.status !== null || sweep.lte === null) return null;
  const next = nextSweep(sweep, occurred, size);
  // Pages before this one under the same bound held alarms at the bound this page does not.
  const toInclusive = sweep.page === 0;
  if (!next) return { from: sweep.gte, fromInclusive: true, to: sweep.lte, toInclusive };
  if (next.page > 0 || next.lte === null) return null;
  return { from: next.lte, fromInclusive: false, to: sweep.lte, toInclusive };
}

/**
 * Removes what the index holds of `deployment` over the stretch a page of `sweep` covered and the
 * page lacks; resolves with how many alarms went.
 */
export async function pruneAfterPage(
  db: Kysely<Database>,
  deployment: string,
  sweep: Sweep,
  page: IndexPage,
): Promise<number> {
  const occurred = page.alarms.map((alarm) => alarm.summary.occurredAt);
  const range = coveredBy(sweep, occurred, page.size);
  if (!range) return 0;
  const present = page.alarms.map((alarm) => alarm.summary.uuid);
  return forgetAbsent(db, deployment, range, present);
}
