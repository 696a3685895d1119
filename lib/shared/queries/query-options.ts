import { queryOptions } from "@tanstack/react-query";
import { ApiError } from "@/lib/shared/core/errors";
import { type ListScope, scopeSegment } from "@/lib/shared/deployments/scope";
import type { ListPage } from "@/lib/shared/alarms/list-pages";
import { api } from "@/lib/shared/alarms/paths";
import { OVERVIEW_STEP_MS, type OverviewPart } from "@/lib/shared/overview/plan";
import type { OverviewSection } from "@/lib/shared/overview/types";
import { type AlarmFilters, type AlarmListQuery, toSearchParams } from "@/lib/shared/alarms/query";
import type { AlarmCatalogue, AlarmDetail, AlarmPage } from "@/lib/shared/alarms/types";
import { type ListView, viewApiSearch } from "@/lib/shared/alarms/view";
import {
  GROUP_KEY,
  GROUP_SORT_KEY,
  type AlarmGroupsPage,
  type GroupField,
  type GroupSort,
} from "@/lib/shared/alarms/groups";
import type { SearchSuggestions } from "@/lib/shared/search/suggestions";
import { getJson } from "./http";
import { alarmKeys, overviewSearch } from "./keys";

// The query options of the alarms' reads, on the keys of ./keys.ts: the server pages swap in a
// direct queryFn for the SAME key, the client hooks read our own /api routes. Client-safe.

/**
 * One section of the overview of a view's filters (`deployment` a list's path segment: a key, or
 * the scope's with the `deployments` it names; none: every one the analyst may see).
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
      getJson<OverviewSection>(api.overview(deployment, `?${params}`), { signal }),
    staleTime: OVERVIEW_STEP_MS, // as long as the server shares its counts
  });
}

/** The values the console has seen (filter suggestions); it grows slowly, so kept a while. */
export function catalogueQueryOptions(deployment: string) {
  return queryOptions({
    queryKey: alarmKeys.catalogue(deployment),
    queryFn: ({ signal }) => getJson<AlarmCatalogue>(api.catalogue(deployment), { signal }),
    staleTime: 60_000,
    // Not the client's rule: the filters' suggestions do without it rather than wait.
    retry: false,
  });
}

/**
 * What the search box offers for `field` (null: field names) starting with `prefix`, from the
 * index of `scope` (a list's path segment, with the `deployments` a list of several shows).
 */
export function suggestionsQueryOptions(
  scope: string,
  request: { field: string | null; prefix: string; deployments?: readonly string[] },
) {
  const params = new URLSearchParams({ prefix: request.prefix });
  if (request.field !== null) params.set("field", request.field);
  if (request.deployments?.length) params.set("deployments", request.deployments.join(","));
  return queryOptions({
    queryKey: alarmKeys.suggest(scope, params.toString()),
    queryFn: ({ signal }) =>
      getJson<SearchSuggestions>(api.suggest(scope, `?${params}`), { signal }),
    staleTime: 30_000, // as long as the route lets the browser keep it
    // Not the client's rule: a suggestion missed is not worth waiting for.
    retry: false,
  });
}

/**
 * One page of a list's rows (`segment` its path's, `search` its API's). `fresh`: past every
 * shared cache (the live queue's Show must see what was just announced).
 */
function rowsQueryOptions<Page extends object>(segment: string, search: string, fresh: boolean) {
  return queryOptions({
    queryKey: alarmKeys.list(segment, search),
    queryFn: ({ signal }) =>
      getJson<Page>(api.list(segment, search ? `?${search}` : ""), { signal, fresh }),
  });
}

/**
 * One page of `view` in `scope`'s list: a deployment's numbered page (from its upstream, or the
 * index), or one of several or every deployment (numbered from the index, or paged by time).
 */
export function listQueryOptions(
  scope: ListScope,
  view: ListView,
  { fresh = false }: { fresh?: boolean } = {},
) {
  return rowsQueryOptions<ListPage>(scopeSegment(scope), viewApiSearch(view), fresh);
}

/** A deployment's page of `query` (the same key as its list's: listQueryOptions). */
export function alarmsQueryOptions(
  deployment: string,
  query: AlarmListQuery,
  { fresh = false }: { fresh?: boolean } = {},
) {
  return rowsQueryOptions<AlarmPage>(deployment, toSearchParams(query).toString(), fresh);
}

/**
 * One page of a view's groups by `fields`, from the index (`deployment` a list's path segment: a
 * key, or the scope's with the `deployments` it names; none: every one the analyst may see).
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
    queryKey: alarmKeys.groups(deployment, params.toString()),
    queryFn: ({ signal }) =>
      getJson<AlarmGroupsPage>(api.groups(deployment, `?${params}`), { signal }),
  });
}

export function alarmQueryOptions(deployment: string, uuid: string) {
  return queryOptions({
    queryKey: alarmKeys.detail(deployment, uuid),
    queryFn: ({ signal }) => getJson<AlarmDetail>(api.detail(deployment, uuid), { signal }),
  });
}

export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError("internal", "Something went wrong while loading alarms.");
}
