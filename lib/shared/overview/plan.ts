import { RANGE_MS, STATUSES, type AlarmFilters } from "@/lib/shared/alarms/query";

// The overview's plan: which counts a view's overview is made of (the vendor client counts each
// with a `size=1` read: the API has no aggregation). Pure and client-safe: the server reads what
// it plans, the tests check the plan's arithmetic.
//
// Each dimension's counts leave out that dimension's own filter (a view of open alarms still
// shows how many are in review and closed), and keep every other filter. Every count of a view
// is asked with one fixed order and page, so identical counts of different views (the totals
// of two dimensions whose filters are not set) are one shared read.

/** The counts' dimensions, each one section of the overview, read and shown on its own. */
export const OVERVIEW_PARTS = ["priority", "status", "intent", "histogram"] as const;
export type OverviewPart = (typeof OVERVIEW_PARTS)[number];

/** The filter each counted dimension leaves out of its own counts. */
export const DIMENSION_FILTER = {
  priority: "priority_label",
  status: "status",
  intent: "rule_intent",
} as const satisfies Record<Exclude<OverviewPart, "histogram">, keyof AlarmFilters>;

/** How many intents get a count of their own: the rest show as "other". */
export const MAX_INTENTS = 8;

/** The histogram's bucket count stays within these (the issue asks for 24 to 48). */
export const MIN_BUCKETS = 24;
export const MAX_BUCKETS = 48;
/**
 * Above this many whole buckets of a round width, the range is cut into even ones instead: with
 * the dimensions' counts (5 + 4 + 9) and the oldest alarm's read, a view costs at most 60 calls.
 */
const MAX_ROUND_BUCKETS = 40;
const EVEN_BUCKETS = 30;

/**
 * A rolling range is resolved against the clock rounded up to this step, so everyone opening
 * the same view within it shares every count (and the counts are cached this long).
 */
export const OVERVIEW_STEP_MS = 30_000;

const S = 1_000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
/**
 * Round bucket widths, each at most 5/3 of the one before where it matters (so a span fits 24 to
 * 40 of one; the few spans that would need more get even buckets instead).
 */
// prettier-ignore
const ROUND_WIDTHS = [
  S, 2 * S, 3 * S, 5 * S, 10 * S, 15 * S, 20 * S, 30 * S, 45 * S,
  M, 90 * S, 2 * M, 3 * M, 5 * M, 10 * M, 15 * M, 20 * M, 30 * M, 45 * M,
  H, 90 * M, 2 * H, 3 * H, 4 * H, 6 * H, 8 * H, 12 * H, 18 * H,
  D, 36 * H, 2 * D, 3 * D, 4 * D, 7 * D, 10 * D, 14 * D, 21 * D, 28 * D, 42 * D, 56 * D,
  84 * D, 112 * D, 168 * D, 224 * D, 336 * D, 448 * D, 672 * D,
];

/** The filters of a count: the view's, less the dimension's own, plus the count's value. */
export type CountFilters = Omit<AlarmFilters, "range">;

export interface Bucket {
  /** Epoch ms, inclusive. */
  gte: number;
  /** Epoch ms, inclusive: the next bucket starts a millisecond later. */
  lte: number;
}

/** The view's occurred-time bounds for its overview: a rolling range resolved at `now`. */
export function overviewBounds(
  filters: AlarmFilters,
  now: number,
): { gte: number | undefined; lte: number | undefined } {
  if (filters.range !== undefined) {
    const lte = Math.ceil(now / OVERVIEW_STEP_MS) * OVERVIEW_STEP_MS;
    return { gte: lte - RANGE_MS[filters.range], lte };
  }
  return { gte: filters.timestamp_occured_gte, lte: filters.timestamp_occured_lte };
}

/** The span of a view's histogram, and its bars' buckets. */
export interface HistogramSpan extends Bucket {
  buckets: Bucket[];
}

/**
 * The span of the view's histogram and its buckets: the view's bounds, an open end at the step
 * after `now`; without a lower bound it starts at the view's oldest alarm, which `oldest` reads
 * (null: the view has no alarm, and so no span). What `oldest` throws is the caller's.
 */
export async function histogramSpan(
  filters: AlarmFilters,
  now: number,
  oldest: () => Promise<number | null>,
): Promise<HistogramSpan | null> {
  const bounds = overviewBounds(filters, now);
  const lte = bounds.lte ?? Math.ceil(now / OVERVIEW_STEP_MS) * OVERVIEW_STEP_MS;
  let gte = bounds.gte;
  if (gte === undefined) {
    const first = await oldest();
    if (first === null) return null;
    gte = Math.min(first, lte);
  }
  return { gte, lte, buckets: histogramBuckets(gte, lte) };
}

/** The view's filters with the rolling range resolved (as absolute bounds). */
export function baseFilters(filters: AlarmFilters, now: number): CountFilters {
  const { range: _range, timestamp_occured_gte, timestamp_occured_lte, ...rest } = filters;
  const { gte, lte } = overviewBounds(filters, now);
  void _range;
  void timestamp_occured_gte;
  void timestamp_occured_lte;
  return {
    ...rest,
    ...(gte !== undefined ? { timestamp_occured_gte: gte } : {}),
    ...(lte !== undefined ? { timestamp_occured_lte: lte } : {}),
  };
}

/** The filters of one count of a dimension: the base without the dimension's filter, plus its value. */
export function withValue<K extends "priority_label" | "status" | "rule_intent">(
  base: CountFilters,
  key: K,
  value: NonNullable<CountFilters[K]>[number] | undefined,
): CountFilters {
  const { [key]: _own, ...rest } = base;
  void _own;
  return value === undefined ? rest : { ...rest, [key]: [value] };
}

/** The filters of a dimension's total: the base without the dimension's own filter. */
export function withoutOwnFilter(
  base: CountFilters,
  part: keyof typeof DIMENSION_FILTER,
): CountFilters {
  return withValue(base, DIMENSION_FILTER[part], undefined);
}

/**
 * The values a dimension is counted by, each by its filter: the statuses (those without one are
 * the rest of the total), or the deployment's most seen intents and the filtered ones. (Priorities are the vendor client's to count: critical only where the
 * deployment knows the label.)
 */
export function dimensionValues(
  part: "status" | "intent",
  filters: AlarmFilters,
  knownIntents: readonly string[] = [],
): string[] {
  if (part === "status") return [...STATUSES];
  const intents = knownIntents.slice(0, MAX_INTENTS);
  const missing = (filters.rule_intent ?? []).filter((intent) => !intents.includes(intent));
  // The filtered intents take the places of the least seen (each filtered one is shown).
  const kept = Math.max(0, Math.min(intents.length, MAX_INTENTS - missing.length));
  return [...intents.slice(0, kept), ...missing];
}

/**
 * The histogram's buckets over [gte, lte]: the largest round width that cuts the span into at
 * least 24 buckets, aligned on multiples of the width (so the bars are whole hours, days, ...;
 * the first and last may be partial), or 30 even buckets when a round width would give more
 * than 36. Inclusive bounds that never overlap, so the bars add up to the view's total.
 */
export function histogramBuckets(gte: number, lte: number): Bucket[] {
  if (!(lte >= gte)) return [];
  const span = lte - gte + 1;
  const width = [...ROUND_WIDTHS].reverse().find((w) => span / w >= MIN_BUCKETS);
  if (width !== undefined) {
    const first = Math.floor(gte / width) * width;
    const count = Math.floor(lte / width) - Math.floor(gte / width) + 1;
    if (count <= MAX_ROUND_BUCKETS + 1) {
      const buckets = Array.from({ length: count }, (_, index) => ({
        gte: Math.max(gte, first + index * width),
        lte: Math.min(lte, first + (index + 1) * width - 1),
      }));
      return mergeSlivers(buckets, width);
    }
  }
  const count = Math.min(EVEN_BUCKETS, span);
  const step = Math.ceil(span / count);
  const buckets: Bucket[] = [];
  for (let start = gte; start <= lte; start += step) {
    buckets.push({ gte: start, lte: Math.min(lte, start + step - 1) });
  }
  return buckets;
}

/**
 * An edge bucket of less than a quarter width (a rolling range's last seconds, its first) joins
 * its neighbour: a sliver drawn as wide as the others would read as a sudden drop.
 */
function mergeSlivers(buckets: Bucket[], width: number): Bucket[] {
  const span = (bucket: Bucket) => bucket.lte - bucket.gte + 1;
  const merged = [...buckets];
  if (merged.length > MIN_BUCKETS && span(merged.at(-1)!) < width / 4) {
    const last = merged.pop()!;
    merged[merged.length - 1] = { ...merged.at(-1)!, lte: last.lte };
  }
  if (merged.length > MIN_BUCKETS && span(merged[0]!) < width / 4) {
    const first = merged.shift()!;
    merged[0] = { ...merged[0]!, gte: first.gte };
  }
  return merged;
}
