import "server-only";
import { FILTER_KEYS, type AlarmFilters, type AlarmListQuery } from "@/lib/shared/alarms/query";

// The upstream's paths and query parameters, written here and nowhere else. Only validated,
// typed values go into them (the contract's parsers made them): no raw user string goes upstream.

export const ALARMS_PATH = "/api/2.0/alarms";
export const TOKEN_PATH = "/api/2.0/oauth/token";

/** The member path of one alarm (a uuid, checked by the caller). */
export function alarmPath(uuid: string): string {
  return `${ALARMS_PATH}/${uuid.toLowerCase()}`;
}

/** Absolute occurred-time bounds and the other filters: what the upstream itself filters by. */
export type UpstreamFilters = Omit<AlarmFilters, "range">;

/** A read of the collection: any page size the upstream takes, not only the list's. */
export interface UpstreamRead {
  page: number;
  size: number;
  sort: AlarmListQuery["sort"];
  filters: UpstreamFilters;
}

/**
 * The upstream's query for a read (page, size and sort always explicit), filters in a fixed
 * order so that equal reads are equal strings (and share one cached answer).
 */
export function upstreamParams({ page, size, sort, filters }: UpstreamRead): URLSearchParams {
  if ((filters as AlarmFilters).range !== undefined) {
    throw new Error("resolve the rolling range before going upstream");
  }
  const params = new URLSearchParams({
    page: String(page),
    size: String(size),
    sort: `${sort.field},${sort.direction}`,
  });
  for (const key of FILTER_KEYS) {
    const value = (filters as AlarmFilters)[key];
    if (value === undefined) continue;
    if (Array.isArray(value) && value.length !== 1) {
      throw new Error(`${key}: the upstream filters by one value; several are the index's`);
    }
    params.set(key, String(Array.isArray(value) ? value[0] : value));
  }
  return params;
}

/** A list query whose rolling range has been resolved, as an upstream read. */
export function readOf(query: AlarmListQuery, size: number = query.size): UpstreamRead {
  return { page: query.page, size, sort: query.sort, filters: query.filters };
}
