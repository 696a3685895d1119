// The shape of the alarm list's query: its page sizes, sorts, ranges and filters, the names its
// parameters take in links, and the defaults a link leaves out. What parsing yields (./query.ts
// reads and writes it; ./param-parsers.ts reads each parameter). Client-safe.

import { NO_STATUS, type StatusFilter } from "./status";
import { MULTI_KEYS, type MultiKey } from "./multi-keys";
import type { PriorityLabel } from "./priority";

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

// Every filter that takes several values is a filter of the URL (checked when compiling).
void (MULTI_KEYS satisfies readonly (keyof AlarmFilters)[]);

/** At most this many values per filter: more is a search's work (`strategy:(a OR b OR …)`). */
export const MAX_FILTER_VALUES = 20;

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
export const OLD_PAGE_KEY = "page";

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
