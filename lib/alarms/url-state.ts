import { createParser } from "nuqs";
import {
  type AlarmFilters,
  type AlarmListQuery,
  DEFAULT_QUERY,
  DEFAULT_SORT,
  FILTER_KEYS,
  type ParamResult,
  parseAlarmListQuery,
  paramParsers,
  toSearchParams,
} from "./query";

// nuqs parsers for the list's URL, built on the shared per-parameter parsers so that the
// browser reads a URL exactly as the server page and the route handler do. Client-safe.

function fromParser<T>(read: (raw: string) => ParamResult<T>, serialize: (value: T) => string) {
  return createParser<T>({
    parse: (value) => {
      const parsed = read(value);
      return parsed.ok ? parsed.value : null;
    },
    serialize,
  });
}

const epochMs = (key: "timestamp_occured_gte" | "timestamp_occured_lte") =>
  fromParser(paramParsers[key], String);

export const alarmListParsers = {
  page: fromParser(paramParsers.page, String).withDefault(DEFAULT_QUERY.page),
  size: fromParser(paramParsers.size, String).withDefault(DEFAULT_QUERY.size),
  sort: createParser({
    parse: (value) => {
      const parsed = paramParsers.sort(value);
      return parsed.ok ? parsed.value : null;
    },
    serialize: (sort: AlarmListQuery["sort"]) => `${sort.field},${sort.direction}`,
    eq: (a, b) => a.field === b.field && a.direction === b.direction,
  }).withDefault({ ...DEFAULT_SORT }),
  status: fromParser(paramParsers.status, String),
  suppressed: fromParser(paramParsers.suppressed, String),
  priority_label: fromParser(paramParsers.priority_label, String),
  rule_intent: fromParser(paramParsers.rule_intent, String),
  rule_strategy: fromParser(paramParsers.rule_strategy, String),
  rule_method: fromParser(paramParsers.rule_method, String),
  alarm_sensor_sources: fromParser(paramParsers.alarm_sensor_sources, String),
  timestamp_occured_gte: epochMs("timestamp_occured_gte"),
  timestamp_occured_lte: epochMs("timestamp_occured_lte"),
};

/** What nuqs hands back for alarmListParsers (filters are null when absent). */
export type AlarmListValues = {
  page: number;
  size: AlarmListQuery["size"];
  sort: AlarmListQuery["sort"];
} & { [K in keyof AlarmFilters]-?: AlarmFilters[K] | null };

/**
 * The query for a set of URL values. Rules that span parameters (from must not be after to)
 * are applied by the one parser, by a round trip through the canonical form.
 */
export function queryFromValues(values: AlarmListValues): AlarmListQuery {
  const filters: AlarmFilters = {};
  for (const key of FILTER_KEYS) {
    const value = values[key];
    if (value !== null && value !== undefined) (filters as Record<string, unknown>)[key] = value;
  }
  const draft: AlarmListQuery = {
    page: values.page,
    size: values.size,
    sort: values.sort,
    filters,
  };
  return parseAlarmListQuery(toSearchParams(draft)).query;
}

/** Every URL key for a query, null where the key should leave the URL. */
export function valuesFromQuery(query: AlarmListQuery): AlarmListValues {
  const values = {
    page: query.page,
    size: query.size,
    sort: query.sort,
  } as AlarmListValues;
  for (const key of FILTER_KEYS) {
    (values as Record<string, unknown>)[key] = query.filters[key] ?? null;
  }
  return values;
}

/** The list's search string for a query ("" for the default view), for links back to it. */
export function listSearch(query: AlarmListQuery): string {
  const search = toSearchParams(query).toString();
  return search ? `?${search}` : "";
}

/** A `from` value (a list search string someone put in a link) made safe and canonical. */
export function listHrefFrom(from: string | undefined | null): string {
  if (!from) return "/alarms";
  const { query } = parseAlarmListQuery(new URLSearchParams(from.replace(/^\?/, "")));
  return `/alarms${listSearch(query)}`;
}

/** Detail page hrefs for the rows of one list view, remembering that view (built once). */
export function detailHrefsFor(query: AlarmListQuery): (uuid: string) => string {
  const from = toSearchParams(query).toString();
  const search = from ? `?${new URLSearchParams({ from })}` : "";
  return (uuid) => `/alarms/${encodeURIComponent(uuid)}${search}`;
}

/** The detail page's href, remembering the list view it was opened from. */
export function detailHref(uuid: string, query: AlarmListQuery): string {
  return detailHrefsFor(query)(uuid);
}
