"use client";
// What the text filters suggest in a list of several deployments: each one's catalogue.

import { useQueries } from "@tanstack/react-query";
import { catalogueQueryOptions } from "@/lib/shared/queries/query-options";
import type { AlarmCatalogue, AlarmSummary } from "@/lib/shared/alarms/types";
import { type Suggestions, useMerged } from "./suggestions";

export type { Suggestions } from "./suggestions";

// Not inline: a stable function is re-run only when the answers change, so the memo below holds.
const catalogueData = (results: { data?: AlarmCatalogue }[]) =>
  results.map((result) => result.data);

/**
 * Filter suggestions: every value the console has seen for the deployments (each one's
 * catalogue, most often seen first, one after the other), plus any new one on the page on
 * screen. Exact-match filters need exact spellings, and the API has no taxonomy endpoint.
 */
export function useSuggestions(
  deployments: readonly string[],
  alarms: AlarmSummary[] | undefined,
): Suggestions {
  const catalogues = useQueries({
    queries: deployments.map((key) => catalogueQueryOptions(key)),
    combine: catalogueData,
  });
  return useMerged(catalogues, alarms);
}
