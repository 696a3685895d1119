"use client";
// Every list's page without rows: why none match its view, and the nearest known values of a text
// filter that matched nothing. A rare state: fetched apart (lazy-states.tsx).

import type { AlarmFilters, AlarmListQuery } from "@/lib/shared/alarms/query";
import { DidYouMean } from "./did-you-mean";
import { EmptyState } from "./list-states";
import type { Suggestions } from "./suggestions";

/**
 * No alarm matches `query`: `onClear` clears its filters and search; `several` for a list of
 * several deployments, `anyFailed` when some of them did not answer.
 */
export function NoRows({
  query,
  suggestions,
  onFilters,
  onClear,
  several,
  anyFailed,
}: {
  query: AlarmListQuery;
  suggestions: Suggestions;
  onFilters: (filters: AlarmFilters) => void;
  onClear: () => void;
  several?: boolean;
  anyFailed?: boolean;
}) {
  return (
    <EmptyState
      hasFilters={Object.keys(query.filters).length > 0}
      searched={query.q !== undefined}
      onClear={onClear}
      several={several}
      anyFailed={anyFailed}
    >
      <DidYouMean filters={query.filters} suggestions={suggestions} onChange={onFilters} />
    </EmptyState>
  );
}
