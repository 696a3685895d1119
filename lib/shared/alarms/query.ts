// The URL contract of the alarm list: one parser reads the page's search params and the route
// handler's query (the vendor client writes the upstream's own from what it parsed). Client-safe.

import { SEARCH_LIMITS } from "@/lib/shared/search/ast";
import { readLinkTime, readableTimes, writeLinkTime } from "./link-time";
import { FILTER_NAMES } from "@/lib/shared/search/fields";
import { readParams, type ParamProblem, type SearchParamsInput } from "./params";
import { NO_STATUS, STATUS_FILTERS, type StatusFilter } from "./status";
import { MULTI_KEYS, type MultiKey } from "./multi-keys";
import { PRIORITY_LABELS, type PriorityLabel } from "./priority";

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** The fields the upstream sorts by (the real service documents only timestamp_occured). */
export const SORT_FIELDS = [
  "timestamp_occured",
  "timestamp_received",
  "priority",
  "status",
  "rule_intent",
  "rule_strategy",
  "rule_method",
] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

export { NO_STATUS, STATUSES, STATUS_FILTERS } from "./status";
export type { AlarmStatus, StatusFilter } from "./status";

export { PRIORITY_LABELS, type PriorityLabel };

/** Rolling time ranges: resolved against the clock at each request, so a link stays live. */
export const RANGES = ["1h", "24h", "7d", "30d"] as const;
export type RangeId = (typeof RANGES)[number];

export const RANGE_MS: Record<RangeId, number> = {
  "1h": 3600_000,
  "24h": 24 * 3600_000,
  "7d": 7 * 24 * 3600_000,
  "30d": 30 * 24 * 3600_000,
};

export const DEFAULT_SORT = { field: "timestamp_occured", direction: "desc" } as const satisfies {
  field: SortField;
  direction: SortDirection;
};

/** Deep pages beyond this are refused: no analyst pages that far, and links stay sane. */
export const MAX_PAGE = 100_000;
const MAX_TEXT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The filters, each as the URL gave it. Those of MULTI_KEYS hold one value or several (never
 * none: no filter is an absent key): an alarm matches any of them. One value goes upstream as
 * before; several are the index's to answer (readsIndex), the upstream filtering by one.
 */
export interface AlarmFilters {
  status?: StatusFilter[];
  suppressed?: boolean;
  priority_label?: PriorityLabel[];
  rule_intent?: string[];
  rule_strategy?: string[];
  rule_method?: string[];
  alarm_sensor_sources?: string[];
  /** A rolling window ending now; never given together with the absolute bounds below. */
  range?: RangeId;
  /** Epoch ms, inclusive (ISO-8601 in links: ./link-time.ts). */
  timestamp_occured_gte?: number;
  /** Epoch ms, inclusive (ISO-8601 in links: ./link-time.ts). */
  timestamp_occured_lte?: number;
}

export interface AlarmListQuery {
  /** Counted from 0, as the API and the upstream count; links count from 1 (PAGE_KEY). */
  page: number;
  size: PageSize;
  sort: { field: SortField; direction: SortDirection };
  filters: AlarmFilters;
  /**
   * A search in the index's language (lib/shared/search), exactly as typed: a view with one is
   * read from the console's index, not the upstream. Only its length is checked here; the
   * server's parser says what it cannot read, and where.
   */
  q?: string;
}

export const FILTER_KEYS = [
  "status",
  "suppressed",
  "priority_label",
  "rule_intent",
  "rule_strategy",
  "rule_method",
  "alarm_sensor_sources",
  "range",
  "timestamp_occured_gte",
  "timestamp_occured_lte",
] as const satisfies readonly (keyof AlarmFilters)[];

export { MULTI_KEYS, type MultiKey };
// Every filter that takes several values is a filter of the URL (checked when compiling).
void (MULTI_KEYS satisfies readonly (keyof AlarmFilters)[]);

/** At most this many values per filter: more is a search's work (`strategy:(a OR b OR …)`). */
export const MAX_FILTER_VALUES = 20;

const isMultiKey = (key: string): key is MultiKey =>
  (MULTI_KEYS as readonly string[]).includes(key);

/** The first filter of `filters` given several values (the upstream filters by one), if any. */
export function severalValued(filters: AlarmFilters): MultiKey | undefined {
  return MULTI_KEYS.find((key) => (filters[key]?.length ?? 0) > 1);
}

/**
 * Whether a view is read from the console's index rather than the upstream: a search, or a filter
 * with several values.
 */
export function readsIndex(query: Pick<AlarmListQuery, "q" | "filters">): boolean {
  return (
    query.q !== undefined ||
    severalValued(query.filters) !== undefined ||
    // No status: the upstream cannot filter by it (usm-api.md), the index can.
    query.filters.status?.includes(NO_STATUS) === true
  );
}

/** The search's parameter: not a filter the upstream knows (lib/server/usm never sends it). */
export const SEARCH_KEY = "q";

/**
 * The page in links, counted from 1 as the pager shows it (`p=2` is "Page 2"). Links before it
 * carried `page`, counted from 0: still read so, so a shared link opens the page its sender saw,
 * and rewritten as `p` (a page corrects its URL to the canonical form). A new name rather than a
 * new meaning for `page`: `page=1` in an old link and in a new one would name different pages.
 */
export const PAGE_KEY = "p";
const OLD_PAGE_KEY = "page";

export const QUERY_KEYS = [
  PAGE_KEY,
  OLD_PAGE_KEY,
  "size",
  "sort",
  SEARCH_KEY,
  ...FILTER_KEYS,
] as const;
export type QueryKey = (typeof QUERY_KEYS)[number];

export const DEFAULT_QUERY: AlarmListQuery = {
  page: 0,
  size: 20,
  sort: { ...DEFAULT_SORT },
  filters: {},
};

/** What reading one parameter gives: its typed value, or what is wrong with it. */
export type ParamResult<T> = { ok: true; value: T } | { ok: false; message: string };
type ParamParser<T> = (raw: string) => ParamResult<T>;

const ok = <T>(value: T): ParamResult<T> => ({ ok: true, value });
const wrong = (message: string): ParamResult<never> => ({ ok: false, message });

// Names are read in any case (`Open`, `HIGH`) and written in their canonical lower case.
const oneOf =
  <T extends string>(values: readonly T[], message: string): ParamParser<T> =>
  (raw) => {
    const value = raw.toLowerCase();
    return (values as readonly string[]).includes(value) ? ok(value as T) : wrong(message);
  };

// Digits only, so Number() gives a whole number >= 0 (Infinity for absurdly many digits).
const wholeNumber =
  (max: number): ParamParser<number> =>
  (raw) => {
    if (!/^\d+$/.test(raw)) return wrong("must be a whole number");
    const value = Number(raw);
    return value <= max ? ok(value) : wrong(`must be at most ${max}`);
  };

const text: ParamParser<string> = (raw) => {
  const value = raw.trim();
  if (value.length === 0) return wrong("must not be empty");
  if (value.length > MAX_TEXT) return wrong(`must be at most ${MAX_TEXT} characters`);
  if (/[\u0000-\u001f\u007f]/.test(value)) return wrong("must not contain control characters");
  return ok(value);
};

const time: ParamParser<number> = (raw) => {
  const ms = readLinkTime(raw);
  return ms === null ? wrong("must be a time such as 2026-11-29T06:00:00Z") : ok(ms);
};

// `p` counts from 1; the query from 0.
const pageFromOne: ParamParser<number> = (raw) => {
  if (!/^\d+$/.test(raw)) return wrong("must be a whole number");
  const value = Number(raw);
  if (value < 1) return wrong("must be at least 1 (the first page)");
  return value <= MAX_PAGE + 1 ? ok(value - 1) : wrong(`must be at most ${MAX_PAGE + 1}`);
};

const sortField = oneOf(SORT_FIELDS, `field must be one of ${SORT_FIELDS.join(", ")}`);
const sortDirection = oneOf<SortDirection>(["asc", "desc"], "direction must be asc or desc");

/**
 * One parser per parameter, so an error can name exactly the parameter that is wrong (the first
 * thing wrong with it). Plain functions rather than zod: the browser runs these on every URL
 * change, and zod (even zod/mini, as Turbopack bundles it) would add about 17 KB gzipped to every
 * first load for a dozen string checks (measured with npm run bench -- lighthouse when the list
 * first shipped). ./query.test.ts pins every rule and message.
 */
export const paramParsers = {
  p: pageFromOne,
  page: wholeNumber(MAX_PAGE),
  size: (raw) =>
    PAGE_SIZES.map(String).includes(raw)
      ? ok(Number(raw) as PageSize)
      : wrong(`must be one of ${PAGE_SIZES.join(", ")}`),
  sort: (raw) => {
    const parts = raw.split(",");
    if (parts.length !== 2) return wrong("must be field,asc or field,desc");
    const field = sortField(parts[0]!);
    if (!field.ok) return field;
    const direction = sortDirection(parts[1]!);
    if (!direction.ok) return direction;
    return ok({ field: field.value, direction: direction.value });
  },
  // Kept exactly as typed (a shared link reproduces the search); all blank is no search.
  q: (raw) =>
    raw.trim() === ""
      ? ok(undefined)
      : raw.length > SEARCH_LIMITS.length
        ? wrong(`must be at most ${SEARCH_LIMITS.length.toLocaleString("en")} characters`)
        : ok(raw),
  status: oneOf(STATUS_FILTERS, `must be one of ${STATUS_FILTERS.join(", ")}`),
  suppressed: (raw) => {
    const value = raw.toLowerCase();
    return value === "true" || value === "false"
      ? ok(value === "true")
      : wrong("must be true or false");
  },
  priority_label: oneOf(PRIORITY_LABELS, `must be one of ${PRIORITY_LABELS.join(", ")}`),
  rule_intent: text,
  rule_strategy: text,
  rule_method: text,
  alarm_sensor_sources: (raw) =>
    UUID.test(raw) ? ok(raw.toLowerCase()) : wrong("must be a sensor uuid"),
  range: oneOf(RANGES, `must be one of ${RANGES.join(", ")}`),
  timestamp_occured_gte: time,
  timestamp_occured_lte: time,
} satisfies { [K in QueryKey]: ParamParser<unknown> };

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

export function isAlarmUuid(value: string): boolean {
  return UUID.test(value);
}

/** Whether a text filter (rule intent, strategy, method) takes `value` exactly as it is. */
export function isFilterText(value: string): boolean {
  const parsed = paramParsers.rule_strategy(value);
  return parsed.ok && parsed.value === value;
}
