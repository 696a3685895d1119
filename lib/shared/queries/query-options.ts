import { queryOptions } from "@tanstack/react-query";
import { ApiError, parseErrorBody } from "@/lib/shared/core/errors";
import { ALL_DEPLOYMENTS } from "@/lib/shared/deployments/types";
import type { MergedQueuePage } from "@/lib/shared/alarms/merged-types";
import { api } from "@/lib/shared/alarms/paths";
import { OVERVIEW_STEP_MS, type OverviewPart } from "@/lib/shared/overview/plan";
import type { OverviewSection } from "@/lib/shared/overview/types";
import {
  type AlarmFilters,
  type AlarmListQuery,
  DEFAULT_QUERY,
  toSearchParams,
} from "@/lib/shared/alarms/query";
import type { AlarmCatalogue, AlarmDetail, AlarmPage } from "@/lib/shared/alarms/types";
import {
  GROUP_KEY,
  GROUP_SORT_KEY,
  type AlarmGroupsPage,
  type GroupField,
  type GroupSort,
} from "@/lib/shared/alarms/groups";
import type { SearchSuggestions } from "@/lib/shared/search/suggestions";

// The key factory shared by the server pages (which swap in a direct queryFn for the SAME key)
// and the client hooks (which fetch our own /api routes). Client-safe.

const MAX_RATE_LIMIT_RETRIES = 3;

// Every key starts with the deployment: two deployments' page 1 are two pages.
export const alarmKeys = {
  all: ["alarms"] as const,
  /** The canonical search string is the key: stable, order-fixed, identical to the API URL. */
  list: (deployment: string, query: AlarmListQuery) =>
    ["alarms", deployment, "list", toSearchParams(query).toString()] as const,
  detail: (deployment: string, uuid: string) =>
    ["alarms", deployment, "detail", uuid.toLowerCase()] as const,
  catalogue: (deployment: string) => ["alarms", deployment, "catalogue"] as const,
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
function overviewSearch(filters: AlarmFilters, deployments: readonly string[], q?: string) {
  const params = toSearchParams({ ...DEFAULT_QUERY, filters, ...(q !== undefined && { q }) });
  if (deployments.length > 0) params.set("deployments", deployments.join(","));
  return params.toString();
}

/**
 * One section of the overview of a view's filters (`deployment` a key, or "all" with the
 * `deployments` the queue names; none: every one the analyst may see).
 */
export function overviewQueryOptions(
  deployment: string,
  part: OverviewPart,
  filters: AlarmFilters,
  deployments: readonly string[] = [],
  q?: string,
) {
  const params = new URLSearchParams(overviewSearch(filters, deployments, q));
  params.set("part", part);
  return queryOptions({
    queryKey: alarmKeys.overview(deployment, part, filters, deployments, q),
    queryFn: ({ signal }) =>
      fetchJson<OverviewSection>(api.overview(deployment, `?${params}`), signal),
    staleTime: OVERVIEW_STEP_MS, // as long as the server shares its counts
    retry: shouldRetry,
    retryDelay,
  });
}

/** The values the console has seen (filter suggestions); it grows slowly, so kept a while. */
export function catalogueQueryOptions(deployment: string) {
  return queryOptions({
    queryKey: alarmKeys.catalogue(deployment),
    queryFn: ({ signal }) => fetchJson<AlarmCatalogue>(api.catalogue(deployment), signal),
    staleTime: 60_000,
    retry: shouldRetry,
    retryDelay,
  });
}

/**
 * What the search box offers for `field` (null: field names) starting with `prefix`, from the
 * index of `scope` (a deployment, or "all" with the `deployments` the queue shows).
 */
export function suggestionsQueryOptions(
  scope: string,
  request: { field: string | null; prefix: string; deployments?: readonly string[] },
) {
  const params = new URLSearchParams({ prefix: request.prefix });
  if (request.field !== null) params.set("field", request.field);
  if (request.deployments?.length) params.set("deployments", request.deployments.join(","));
  return queryOptions({
    queryKey: ["alarms", scope, "suggest", params.toString()] as const,
    queryFn: ({ signal }) => fetchJson<SearchSuggestions>(api.suggest(scope, `?${params}`), signal),
    staleTime: 30_000, // as long as the route lets the browser keep it
    retry: false, // a suggestion missed is not worth waiting for
  });
}

/** `fresh`: past every shared cache (the live queue's Show must see what was just announced). */
export function alarmsQueryOptions(
  deployment: string,
  query: AlarmListQuery,
  { fresh = false }: { fresh?: boolean } = {},
) {
  const search = toSearchParams(query).toString();
  return queryOptions({
    queryKey: alarmKeys.list(deployment, query),
    queryFn: ({ signal }) =>
      fetchJson<AlarmPage>(api.list(deployment, search ? `?${search}` : ""), signal, { fresh }),
    retry: shouldRetry,
    retryDelay,
  });
}

/**
 * One page of a view's groups by `fields`, from the index (`deployment` a key, or "all" with the
 * `deployments` the merged queue names; none: every one the analyst may see).
 */
export function groupsQueryOptions(
  deployment: string,
  query: AlarmListQuery,
  fields: readonly GroupField[],
  deployments: readonly string[] = [],
  sort?: GroupSort,
) {
  const params = toSearchParams(query);
  params.set(GROUP_KEY, fields.join(","));
  if (sort && sort !== "count") params.set(GROUP_SORT_KEY, sort);
  if (deployments.length > 0) params.set("deployments", deployments.join(","));
  return queryOptions({
    queryKey: ["alarms", deployment, "groups", params.toString()] as const,
    queryFn: ({ signal }) =>
      fetchJson<AlarmGroupsPage>(api.groups(deployment, `?${params}`), signal),
    retry: shouldRetry,
    retryDelay,
  });
}

/** One page of the merged queue (`search`: its canonical URL search string, cursor included). */
export function mergedQueryOptions(search: string) {
  return queryOptions({
    queryKey: ["alarms", ALL_DEPLOYMENTS, "merged", search] as const,
    queryFn: ({ signal }) =>
      fetchJson<MergedQueuePage>(api.list(ALL_DEPLOYMENTS, search ? `?${search}` : ""), signal),
    retry: shouldRetry,
    retryDelay,
  });
}

export function alarmQueryOptions(deployment: string, uuid: string) {
  return queryOptions({
    queryKey: alarmKeys.detail(deployment, uuid),
    queryFn: ({ signal }) => fetchJson<AlarmDetail>(api.detail(deployment, uuid), signal),
    retry: shouldRetry,
    retryDelay,
  });
}

/** A rate limit, the upstream's or this analyst's share of the console's. */
export function isRateLimit(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === "upstream_rate_limited" || error.code === "rate_limited")
  );
}

/** Only a rate limit is worth waiting for; every other error is shown at once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isRateLimit(error) && failureCount <= MAX_RATE_LIMIT_RETRIES;
}

export function retryDelay(failureCount: number, error: unknown): number {
  const seconds = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  return (seconds ?? Math.min(2 ** failureCount, 10)) * 1000;
}

/**
 * Reads one of our own API routes: our data shape or an ApiError carrying our error shape.
 * Success bodies are not parsed again here: the route handlers send only what passed the strict
 * schemas in ./types (lib/server/usm/alarms.ts parses every page and alarm before it is cached), and
 * re-checking would ship zod and those schemas in every analyst's first load. What can
 * still arrive, and is refused, is an answer that is not our JSON at all (say a proxy's page).
 */
export async function fetchJson<T extends object>(
  url: string,
  signal?: AbortSignal,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<T> {
  let response: Response;
  try {
    const headers = { Accept: "application/json", ...(fresh && { "Cache-Control": "no-cache" }) };
    response = await fetch(url, { signal, headers });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError("internal", "Could not reach the Alarm Console server.", { cause: error });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response, body);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError("internal", "The Alarm Console server sent an answer we cannot read.");
  }
  return body as T; // checked by the server, see above
}

/** An answer that was not ok, as the ApiError its body (or else its status) says. */
export function toApiError(response: Response, body: unknown): ApiError {
  const parsed = parseErrorBody(body);
  const header = Number(response.headers.get("Retry-After"));
  const headerSeconds = Number.isFinite(header) && header >= 0 ? Math.ceil(header) : undefined;
  if (parsed) {
    const { code, message, param, position, retryAfterSeconds } = parsed.error;
    return new ApiError(code, message, {
      param,
      position,
      retryAfterSeconds: retryAfterSeconds ?? headerSeconds,
    });
  }
  if (response.status === 401) return new ApiError("unauthenticated", "Sign in again.");
  if (response.status === 404) return new ApiError("not_found", "Not found.");
  return new ApiError(
    "internal",
    `The Alarm Console server answered ${response.status} ${response.statusText}`.trim() + ".",
    { retryAfterSeconds: headerSeconds },
  );
}

export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError("internal", "Something went wrong while loading alarms.");
}
