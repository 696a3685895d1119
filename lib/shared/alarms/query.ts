// The URL contract of the alarm list: one parser reads the page's search params and the route
// handler's query (the vendor client writes the upstream's own from what it parsed). Client-safe.
import { readableTimes, writeLinkTime } from "./link-time";
import { FILTER_NAMES } from "./filter-names";
import { readParams, type ParamProblem, type SearchParamsInput } from "./params";
import { STATUS_FILTERS } from "./status";
import { MULTI_KEYS, type MultiKey } from "./multi-keys";
import { PRIORITY_LABELS } from "./priority";
import {
  DEFAULT_QUERY,
  DEFAULT_SORT,
  FILTER_KEYS,
  MAX_FILTER_VALUES,
  OLD_PAGE_KEY,
  PAGE_KEY,
  QUERY_KEYS,
  RANGE_MS,
  SEARCH_KEY,
  type AlarmListQuery,
  type PageSize,
  type QueryKey,
} from "./query-shape";
import { paramParsers } from "./param-parsers";

// The query's shape and its parameters' parsers live beside this file; importers name them here.
export {
  DEFAULT_QUERY,
  DEFAULT_SORT,
  FILTER_KEYS,
  MAX_FILTER_VALUES,
  PAGE_SIZES,
  QUERY_KEYS,
  RANGE_MS,
  RANGES,
  SEARCH_KEY,
  SORT_FIELDS,
  readsIndex,
  severalValued,
} from "./query-shape";
export type { AlarmFilters, AlarmListQuery, PageSize, RangeId, SortField } from "./query-shape";
export { isAlarmUuid, isFilterText, paramParsers } from "./param-parsers";
export { NO_STATUS, STATUSES, STATUS_FILTERS } from "./status";
export type { AlarmStatus, StatusFilter } from "./status";

export { PRIORITY_LABELS } from "./priority";
export type { MultiKey };

const isMultiKey = (key: string): key is MultiKey =>
  (MULTI_KEYS as readonly string[]).includes(key);

export type QueryProblem = ParamProblem;
export type { SearchParamsInput };

/**
 * Parses search params into a query. Names are read in any case, as values are. Every wrong
 * parameter is reported and replaced by its default, and so is every name that is no parameter
 * of the query or of `others` (the page's or route's own, such as tz): a page corrects the URL
 * visibly, saying what it left out, and an API refuses with the parameter's name. `params` are
 * the query's and the others', their names as `known` writes them.
 */
export function parseAlarmListQuery(
  input: SearchParamsInput,
  others: readonly string[] = [],
): { query: AlarmListQuery; problems: QueryProblem[]; params: URLSearchParams } {
  const { params, unknown } = readParams(input, [...QUERY_KEYS, ...others], FILTER_NAMES);
  const problems: QueryProblem[] = [...unknown];
  const query: AlarmListQuery = { ...DEFAULT_QUERY, sort: { ...DEFAULT_SORT }, filters: {} };

  for (const key of QUERY_KEYS) {
    const values = params.getAll(key);
    if (!values || values.length === 0) continue;
    if (isMultiKey(key)) {
      readValues(query, key, values, problems);
      continue;
    }
    if (values.length > 1) {
      problems.push({ param: key, message: `${key} may be given only once` });
      continue;
    }
    const value = values[0]!;
    if (value === "" && key !== "page" && key !== PAGE_KEY) continue; // an empty filter: none
    if (key === OLD_PAGE_KEY && params.has(PAGE_KEY)) {
      problems.push({ param: key, message: `${key} is left out: ${PAGE_KEY} names the page` });
      continue;
    }
    const parsed = paramParsers[key](value);
    if (!parsed.ok) {
      problems.push({ param: key, message: `${key} ${parsed.message}` });
      continue;
    }
    assign(query, key, parsed.value);
  }

  const { timestamp_occured_gte: gte, timestamp_occured_lte: lte } = query.filters;
  if (query.filters.range !== undefined && (gte !== undefined || lte !== undefined)) {
    problems.push({
      param: "range",
      message: "range cannot be combined with timestamp_occured_gte or timestamp_occured_lte",
    });
    delete query.filters.timestamp_occured_gte;
    delete query.filters.timestamp_occured_lte;
  } else if (gte !== undefined && lte !== undefined && gte > lte) {
    problems.push({
      param: "timestamp_occured_lte",
      message: "timestamp_occured_lte must not be before timestamp_occured_gte",
    });
    delete query.filters.timestamp_occured_lte;
  }
  return { query, problems, params };
}

/**
 * A filter's values, each read as one would be: wrong ones reported (once per message) and left
 * out, the rest kept once each. A fixed set's values are written in its own order (open before
 * closed), so two links naming the same values are one view; names in the order given.
 */
function readValues(
  query: AlarmListQuery,
  key: MultiKey,
  values: string[],
  problems: QueryProblem[],
): void {
  const kept: string[] = [];
  const messages = new Set<string>();
  for (const value of values) {
    if (value === "") continue; // an empty filter means no filter
    const parsed = paramParsers[key](value);
    if (parsed.ok) {
      if (!kept.includes(parsed.value)) kept.push(parsed.value);
    } else {
      messages.add(`${key} ${parsed.message}`);
    }
  }
  for (const message of messages) problems.push({ param: key, message });
  if (kept.length > MAX_FILTER_VALUES) {
    problems.push({
      param: key,
      message: `${key} may be given at most ${MAX_FILTER_VALUES} times (a search takes more)`,
    });
    kept.length = MAX_FILTER_VALUES;
  }
  if (kept.length === 0) return;
  const order: readonly string[] | undefined =
    key === "status" ? STATUS_FILTERS : key === "priority_label" ? PRIORITY_LABELS : undefined;
  if (order) kept.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  (query.filters as Record<string, unknown>)[key] = kept;
}

function assign(query: AlarmListQuery, key: QueryKey, value: unknown): void {
  switch (key) {
    case PAGE_KEY:
    case OLD_PAGE_KEY:
      query.page = value as number;
      return;
    case "size":
      query.size = value as PageSize;
      return;
    case "sort":
      query.sort = value as AlarmListQuery["sort"];
      return;
    case "q":
      if (value !== undefined) query.q = value as string;
      return;
    default:
      (query.filters as Record<string, unknown>)[key] = value;
  }
}

/** Canonical search params for a query: defaults left out, keys in a fixed order. */
export function toSearchParams(query: AlarmListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== DEFAULT_QUERY.page) params.set(PAGE_KEY, String(query.page + 1));
  if (query.size !== DEFAULT_QUERY.size) params.set("size", String(query.size));
  if (query.sort.field !== DEFAULT_SORT.field || query.sort.direction !== DEFAULT_SORT.direction) {
    params.set("sort", `${query.sort.field},${query.sort.direction}`);
  }
  if (query.q !== undefined && query.q.trim() !== "") params.set(SEARCH_KEY, query.q);
  for (const key of FILTER_KEYS) {
    const value = query.filters[key];
    if (Array.isArray(value)) for (const one of value) params.append(key, one);
    else if (typeof value === "number") params.set(key, writeLinkTime(value));
    else if (value !== undefined) params.set(key, String(value));
  }
  return params;
}

const TIME_KEYS = ["timestamp_occured_gte", "timestamp_occured_lte"];

/** Search params as a link writes them ("" or "?..."), its times readable as they are. */
export function linkSearch(params: URLSearchParams): string {
  const search = readableTimes(params.toString(), TIME_KEYS);
  return search ? `?${search}` : "";
}

/**
 * The query with its rolling range turned into absolute bounds as of `now` (the end on a whole
 * second, so everyone asking within a second shares one upstream read). Server-side, per request.
 */
export function resolveRange(query: AlarmListQuery, now: number): AlarmListQuery {
  const { range, ...filters } = query.filters;
  if (range === undefined) return query;
  const lte = Math.ceil(now / 1000) * 1000;
  return {
    ...query,
    filters: {
      ...filters,
      timestamp_occured_gte: lte - RANGE_MS[range],
      timestamp_occured_lte: lte,
    },
  };
}
