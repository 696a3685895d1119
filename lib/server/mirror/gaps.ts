import "server-only";
import type { IndexGap } from "@/lib/shared/alarms/list-pages";
import type { IndexStatus } from "@/lib/shared/deployments/index-status";

// Which deployments the index does not hold whole over a view's time range, from each one's
// index status (./sync/status.ts, as every replica reads it): a backfill still reading the past
// misses what lies before its position, a sync behind or failed misses what came after its last
// complete read, a deployment not indexed yet (or not kept in step here) misses everything. A
// deployment following the upstream lags it by at most an interval, which the page's "indexed up
// to" says already: no gap. Pure.

export interface ViewBounds {
  /** Epoch ms, inclusive; null: from the oldest alarm. */
  gte: number | null;
  /** Epoch ms, inclusive; null: up to now. */
  lte: number | null;
}

/** The gap of one deployment over `bounds`, or null when the index holds its alarms there. */
function gapOf(deployment: string, status: IndexStatus, bounds: ViewBounds): IndexGap | null {
  const { state, syncedAt, backfill, reason } = status;
  const gap = { deployment, state, reason, backfill, olderThan: null, newerThan: null };
  if (state === "following") return null;
  if (state === "off" || state === "unavailable" || state === "starting" || syncedAt === null) {
    return { ...gap, whole: true };
  }
  const heldFrom = status.heldFrom;
  // A backfill before its first page holds nothing of the past yet.
  if (backfill && heldFrom === null) return { ...gap, whole: true };
  const older =
    heldFrom !== undefined && heldFrom !== null && (bounds.gte === null || bounds.gte <= heldFrom)
      ? heldFrom
      : null;
  const stale = state === "behind" || state === "failed";
  const newer = stale && (bounds.lte === null || bounds.lte > syncedAt) ? syncedAt : null;
  if (older === null && newer === null) return null;
  return { ...gap, olderThan: older, newerThan: newer, whole: false };
}

/** The gaps of `deployments` (in their order) over `bounds`. */
export function indexGaps(
  deployments: readonly string[],
  statuses: ReadonlyMap<string, IndexStatus>,
  bounds: ViewBounds,
): IndexGap[] {
  return deployments.flatMap((key) => {
    const status = statuses.get(key);
    const gap = status ? gapOf(key, status, bounds) : null;
    return gap ? [gap] : [];
  });
}
