"use client";
// One section of the overview (a dimension's counts, or the histogram) as a query.

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AlarmFilters } from "@/lib/shared/alarms/query";
import { asApiError, overviewQueryOptions } from "@/lib/shared/queries/query-options";
import { DIMENSION_FILTER, OVERVIEW_STEP_MS, type OverviewPart } from "@/lib/shared/overview/plan";

/** How often a shown overview is read again (its counts are shared for OVERVIEW_STEP_MS). */
const REFRESH_MS = 2 * OVERVIEW_STEP_MS;

export function useSection(
  deployment: string,
  part: OverviewPart,
  filters: AlarmFilters,
  on: boolean,
  deployments: readonly string[] = [],
  q?: string,
) {
  // Priority and status counts leave their own filter out: picking one reads nothing again.
  const asked =
    part === "priority" || part === "status"
      ? withoutKey(filters, DIMENSION_FILTER[part])
      : filters;
  return useQuery({
    ...overviewQueryOptions(deployment, part, asked, deployments, q),
    enabled: on,
    // The last view's counts stay (dimmed) while the next ones come: nothing jumps, and a
    // focused count or bar keeps its place.
    placeholderData: keepPreviousData,
    refetchInterval: on ? REFRESH_MS : false,
  });
}

function withoutKey(filters: AlarmFilters, key: keyof AlarmFilters): AlarmFilters {
  const rest = { ...filters };
  delete rest[key];
  return rest;
}

export type SectionResult = ReturnType<typeof useSection>;

/** Why a whole section is unknown (its request failed), or null. */
export const failureOf = (result: SectionResult) =>
  result.isError ? asApiError(result.error).message : null;
