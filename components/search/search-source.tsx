"use client";
// Where a search's results came from: "Searched the index · indexed up to 12 seconds ago" (a view
// of filters alone, several values of one: "Read from the index · …").

import { useSyncExternalStore } from "react";
import { useNow } from "@/components/live/use-live-view";
import { formatRelative } from "@/lib/shared/alarms/format";
import type { IndexSource } from "@/lib/shared/alarms/types";

const never = () => () => undefined;

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
    <span data-search-source>
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
