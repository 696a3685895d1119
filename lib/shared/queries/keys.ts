import { type AlarmFilters, DEFAULT_QUERY, toSearchParams } from "@/lib/shared/alarms/query";
import type { OverviewPart } from "@/lib/shared/overview/plan";

// Every query key of the browser's cache, and nowhere else: the query options (./*-options.ts)
// and every invalidation name a key or a prefix from here, so what a write or a live notice makes
// stale is the same array the read was cached under. A prefix is a shorter key of the same
// family (`triageKeys.deployment(d)` holds every `triageKeys.alarm(d, …)`). Client-safe.

// Every key starts with the list's path segment (a deployment's key, or the scope's for several
// or every deployment: lib/shared/deployments/scope.ts): two deployments' page 1 are two pages.
export const alarmKeys = {
  all: ["alarms"] as const,
  /**
   * A page of a list's rows: the canonical search string of its API is the key (stable,
   * order-fixed, identical to the API URL; lib/shared/alarms/view.ts viewApiSearch).
   */
  list: (segment: string, search: string) => ["alarms", segment, "list", search] as const,
  detail: (deployment: string, uuid: string) =>
    ["alarms", deployment, "detail", uuid.toLowerCase()] as const,
  catalogue: (deployment: string) => ["alarms", deployment, "catalogue"] as const,
  /** The search box's suggestions in `scope` (`search`: field, prefix, deployments). */
  suggest: (scope: string, search: string) => ["alarms", scope, "suggest", search] as const,
  /** A page of a view's groups (`search`: the view's, with the fields, sort and deployments). */
  groups: (deployment: string, search: string) => ["alarms", deployment, "groups", search] as const,
  /** The detail's pivot counts and related alarms (`search`: values and range). */
  pivots: (deployment: string, uuid: string, search: string) =>
    ["alarms", deployment, "detail", uuid.toLowerCase(), "pivots", search] as const,
  /**
   * A view's overview depends on its filters and search only (and, for the queue of every
   * deployment, which deployments): paging or sorting does not read it again.
   */
  overview: (
    deployment: string,
    part: OverviewPart,
    filters: AlarmFilters,
    deployments: readonly string[] = [],
    q?: string,
  ) => ["alarms", deployment, "overview", part, overviewSearch(filters, deployments, q)] as const,
};

/** A view's filters and search (and the queue's deployments) as the overview's API reads them. */
export function overviewSearch(
  filters: AlarmFilters,
  deployments: readonly string[],
  q?: string,
): string {
  const params = toSearchParams({ ...DEFAULT_QUERY, filters, ...(q !== undefined && { q }) });
  if (deployments.length > 0) params.set("deployments", deployments.join(","));
  return params.toString();
}

export const triageKeys = {
  all: ["triage"] as const,
  /** Every triage query of a deployment: what a notice about it makes stale. */
  deployment: (deployment: string) => ["triage", deployment] as const,
  alarm: (deployment: string, uuid: string) =>
    ["triage", deployment, "alarm", uuid.toLowerCase()] as const,
  /** A page's summaries; the queue's page of several deployments is keyed under "all". */
  summaries: (deployment: string, search: string) =>
    ["triage", deployment, "summaries", search] as const,
  teammates: (deployment: string) => ["triage", deployment, "teammates"] as const,
};

/** The catalogues of several deployments read together (each cached under alarmKeys.catalogue). */
export const cataloguesKey = (deployments: readonly string[]) =>
  ["catalogues", deployments.join(",")] as const;

export const viewKeys = {
  all: ["views"] as const,
};
