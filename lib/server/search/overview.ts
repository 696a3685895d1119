import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import { PRIORITY_ORDER } from "@/lib/shared/alarms/priority";
import {
  NO_STATUS,
  STATUS_FILTERS,
  type AlarmFilters,
  type AlarmListQuery,
} from "@/lib/shared/alarms/query";
import type { IndexSource } from "@/lib/shared/alarms/types";
import {
  baseFilters,
  dimensionValues,
  histogramSpan,
  withoutOwnFilter,
  type CountFilters,
  type OverviewPart,
} from "@/lib/shared/overview/plan";
import type {
  DimensionOverview,
  HistogramOverview,
  OverviewSection,
} from "@/lib/shared/overview/types";
import type { SearchNode } from "@/lib/shared/search/ast";
import { whereOf, withWords, type SearchWhere } from "@/lib/server/search/search-where";

// A view's overview from the index, for a deployment the index holds whole (its backfill done,
// following the upstream), for the queue of several, or for a search: the same sections the
// upstream's counts make (lib/server/overview), each one statement over the narrow table (and
// the side tables a search reads, as its rows do), exact at any range and at no upstream cost.
// Each dimension leaves out its own filter, as the plan says; the histogram's bars are the plan's
// buckets, counted in one pass.

type Db = Kysely<Database>;

/**
 * The view's alarms: those of its deployments that its search finds (the words of its prefixes
 * looked up once), each count adding its own filters.
 */
type Counted = Omit<SearchWhere, "filters">;

/** The alarms of the view that `filters` (a rolling range resolved) hold. */
function counted(db: Db, view: Counted, filters: CountFilters) {
  const where = { ...view, filters: filters as AlarmFilters };
  return db.selectFrom("alarms as a").where((eb) => whereOf(eb, where));
}

/** Each dimension's column, and whether its values are read lower-cased (labels are any case). */
const DIMENSION_COLUMN = {
  priority: { column: "a.priority_label", lower: true },
  status: { column: "a.status", lower: false },
  intent: { column: "a.rule_intent", lower: false },
} as const;

/** Counts of a dimension's values among the view's alarms, its own filter left out. */
async function dimensionCounts(
  db: Db,
  view: Counted,
  base: CountFilters,
  part: keyof typeof DIMENSION_COLUMN,
): Promise<Map<string | null, number>> {
  const { column, lower } = DIMENSION_COLUMN[part];
  const filters = withoutOwnFilter(base, part);
  const value = lower ? sql<string | null>`lower(${sql.ref(column)})` : sql.ref(column);
  const rows = await counted(db, view, filters)
    .select([value.as("value"), sql<number>`count(*)`.as("n")])
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((row) => [row.value as string | null, Number(row.n)]));
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

async function priorities(
  db: Db,
  view: Counted,
  base: CountFilters,
  readAt: number,
): Promise<DimensionOverview> {
  const found = await dimensionCounts(db, view, base, "priority");
  // Critical only where the deployment labels alarms so (as the upstream's counts say it).
  const labels = PRIORITY_ORDER.filter((label) => label !== "critical" || found.has(label));
  return dimension("priority", found, labels, readAt);
}

/**
 * A dimension's section: the count of each of `values`, and for an open set what its alarms hold
 * beyond them ("other"), when anything.
 */
function dimension(
  part: DimensionOverview["part"],
  found: Map<string | null, number>,
  values: readonly string[],
  readAt: number,
  open = true,
): DimensionOverview {
  const counts = values.map((value) => ({ value, count: found.get(value) ?? 0 }));
  const beyond = sum(found.values()) - sum(counts.map((c) => c.count));
  return {
    part,
    counts,
    rest: open && beyond > 0 ? { count: beyond } : null,
    problem: null,
    readAt,
  };
}

async function statuses(
  db: Db,
  view: Counted,
  base: CountFilters,
  readAt: number,
): Promise<DimensionOverview> {
  const found = await dimensionCounts(db, view, base, "status");
  // A closed set, the alarms without a status among it: its counts are the whole.
  const none = found.get(null);
  if (none !== undefined) found.set(NO_STATUS, none);
  found.delete(null);
  return dimension("status", found, STATUS_FILTERS, readAt, false);
}

async function intents(
  db: Db,
  view: Counted,
  query: AlarmListQuery,
  base: CountFilters,
  readAt: number,
): Promise<DimensionOverview> {
  const found = await dimensionCounts(db, view, base, "intent");
  // The view's own intents, most alarms first (ties by name): what the catalogue says upstream.
  const known = [...found]
    .filter((entry): entry is [string, number] => entry[0] !== null)
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .map(([intent]) => intent);
  return dimension("intent", found, dimensionValues("intent", query.filters, known), readAt);
}

async function histogram(
  db: Db,
  view: Counted,
  query: AlarmListQuery,
  base: CountFilters,
  now: number,
  readAt: number,
): Promise<HistogramOverview> {
  const span = await histogramSpan(query.filters, now, async () => {
    const oldest = await counted(db, view, base)
      .select(sql<number | null>`min(a.occurred_at)`.as("first"))
      .executeTakeFirst();
    return oldest?.first === null || oldest?.first === undefined ? null : Number(oldest.first);
  });
  const buckets = span?.buckets ?? [];
  if (!span || buckets.length === 0) return { part: "histogram", bars: [], problem: null, readAt };
  // Each alarm's bar: how many bars begin at or before it (the bars are contiguous).
  const starts = buckets.map((bucket) => bucket.gte);
  const rows = await counted(db, view, {
    ...base,
    timestamp_occured_gte: span.gte,
    timestamp_occured_lte: span.lte,
  })
    .select([
      sql<number>`width_bucket(a.occurred_at, ${starts}::bigint[])`.as("bar"),
      sql<number>`count(*)`.as("n"),
    ])
    .groupBy(sql`1`)
    .execute();
  const byBar = new Map(rows.map((row) => [Number(row.bar), Number(row.n)]));
  return {
    part: "histogram",
    bars: buckets.map((bucket, index) => ({ ...bucket, count: byBar.get(index + 1) ?? 0 })),
    problem: null,
    readAt,
  };
}

/**
 * One section of a view's overview from the index, over `deployments` (which the caller holds to
 * those the analyst may see, and checked the index holds, or says where it does not, in
 * `source`): the alarms its filters and its search (the parsed `q`, if any) find.
 */
export async function indexedOverviewPart(
  db: Db,
  deployments: readonly string[],
  part: OverviewPart,
  query: AlarmListQuery,
  now: number,
  source: IndexSource,
  search: SearchNode | null = null,
): Promise<OverviewSection> {
  const base = baseFilters(query.filters, now);
  const readAt = now;
  const where = { allowed: deployments, deployments, search, filters: {} };
  const { filters: _none, ...view } = await withWords(db, where);
  void _none;
  const section =
    part === "histogram"
      ? await histogram(db, view, query, base, now, readAt)
      : part === "priority"
        ? await priorities(db, view, base, readAt)
        : part === "status"
          ? await statuses(db, view, base, readAt)
          : await intents(db, view, query, base, readAt);
  return { ...section, source };
}
