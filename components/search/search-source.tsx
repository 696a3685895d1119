"use client";
// Where a search's results came from: "Searched the index · indexed up to 12 seconds ago" (a view
// of filters alone, several values of one: "Read from the index · …").

import { useSyncExternalStore } from "react";
import { useNow } from "@/components/live/use-live-view";
import { formatRelative } from "@/lib/shared/alarms/format";
import type { IndexSource } from "@/lib/shared/alarms/types";

const never = () => () => undefined;

/**
 * Why a count of the index may differ from a deployment's own (its list counts upstream): what
 * the sync has not met yet. New alarms come within an interval; alarms a deployment removed or
 * changed are found by reconciliation (lib/server/mirror/sync/reconcile.ts: a pass over the past
 * week takes about 6 minutes, over older days an hour and a half at 90 days of retention).
 */
export const INDEX_COUNT_DIFFERS =
  "Counted in the console's index, not by the deployments: alarms a deployment removed or changed leave or change here within minutes for the past week (within hours for older ones), so a deployment's own list may count differently meanwhile.";

/** How current the index was for this answer; the age ticks (once the page runs here). */
export function SearchSource({
  source,
  searched = true,
}: {
  source: IndexSource;
  /** false: the view's filters alone were read (several values of one). */
  searched?: boolean;
}) {
  const now = useNow(5_000);
  // The server's "now" is not this browser's: the age is written once the page runs here.
  const here = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const upTo = source.indexedUpTo;
  return (
    <span
      data-search-source
      title={INDEX_COUNT_DIFFERS}
      className="cursor-help underline decoration-dotted underline-offset-2"
    >
      {searched ? "Searched the index" : "Read from the index"}
      {upTo === null
        ? " · not fully indexed yet, so alarms may be missing"
        : here
          ? ` · indexed up to ${formatRelative(Math.min(upTo, now), now)}`
          : null}
      {source.backfilling && upTo !== null
        ? " · still reading older alarms, so some may be missing"
        : null}
    </span>
  );
}
