import "server-only";
import { NO_STATUS, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { asApiError } from "@/lib/shared/core/errors";
import {
  DIMENSION_FILTER,
  OVERVIEW_STEP_MS,
  baseFilters,
  dimensionValues,
  histogramSpan,
  withValue,
  withoutOwnFilter,
  type CountFilters,
  type OverviewPart,
} from "@/lib/shared/overview/plan";
import type {
  DimensionOverview,
  HistogramOverview,
  OverviewProblem,
  OverviewSection,
} from "@/lib/shared/overview/types";
import { countAlarms, countByPriority, readCatalogue, type UsmCall } from "@/lib/server/usm";

// The overview's reads: each count is the vendor client's count (a `size=1` read), shared by its
// exact query with every analyst and replica asking within OVERVIEW_STEP_MS, and sent in the
// budget's overview class: after every analyst's read, so the overview never delays anyone's
// table. A failed count is unknown (null), never 0.

const COUNT = { budget: "overview", ttlMs: OVERVIEW_STEP_MS } as const;

function problemOf(reason: unknown): OverviewProblem {
  const error = asApiError(reason);
  return { code: error.code, message: error.message };
}

function firstProblem(results: readonly PromiseSettledResult<unknown>[]): OverviewProblem | null {
  const failed = results.find((result) => result.status === "rejected");
  return failed?.status === "rejected" ? problemOf(failed.reason) : null;
}

const totalOf = (result: PromiseSettledResult<{ total: number }>) =>
  result.status === "fulfilled" ? result.value.total : null;

/**
 * Counts by priority, the vendor client's one way (critical where the deployment knows it), in
 * the model's order; labels beyond the model are "other".
 */
async function readPriorities(base: CountFilters, call: UsmCall): Promise<DimensionOverview> {
  const counted = await countByPriority(base, call, COUNT);
  const counts = counted.counts.map(({ label, count }) => ({ value: label, count }));
  const rest = counted.other === null || counted.other > 0 ? { count: counted.other } : null;
  return {
    part: "priority",
    counts,
    rest,
    problem: counted.problem ? problemOf(counted.problem) : null,
    readAt: Date.now(),
  };
}

type DimensionPart = "status" | "intent";

async function readDimension(
  part: DimensionPart,
  query: AlarmListQuery,
  call: UsmCall,
  now: number,
): Promise<DimensionOverview> {
  const base = baseFilters(query.filters, now);
  const key = DIMENSION_FILTER[part];
  let known: string[] = [];
  if (part === "intent") {
    // The deployment's intents, most seen first (the catalogue is shared and cached).
    try {
      known = (await readCatalogue(call)).value().intents;
    } catch (error) {
      return { part, counts: [], rest: null, problem: problemOf(error), readAt: Date.now() };
    }
  }
  const values = dimensionValues(part, query.filters, known);
  // Each named value is counted by its filter, and the total with the dimension's filter left
  // out tells what they miss: for intents "other", for statuses the alarms without one (which
  // the upstream cannot filter by), so the statuses add up to the total.
  const [named, total] = await Promise.all([
    Promise.allSettled(
      values.map((value) => countAlarms(withValue(base, key, value as never), call, COUNT)),
    ),
    Promise.allSettled([countAlarms(withoutOwnFilter(base, part), call, COUNT)]),
  ]);
  const counts = values.map((value, index) => ({ value, count: totalOf(named[index]!) }));
  const all = totalOf(total[0]!);
  const sum = counts.every((entry) => entry.count !== null)
    ? counts.reduce((acc, entry) => acc + entry.count!, 0)
    : null;
  const beyond = all !== null && sum !== null ? all - sum : null;
  let rest: DimensionOverview["rest"] = null;
  if (part === "status") counts.push({ value: NO_STATUS, count: beyond });
  else if (beyond === null || beyond > 0) rest = { count: beyond };
  return {
    part,
    counts,
    rest,
    problem: firstProblem([...named, ...total]),
    readAt: Date.now(),
  };
}

async function readHistogram(
  query: AlarmListQuery,
  call: UsmCall,
  now: number,
): Promise<HistogramOverview> {
  const base = baseFilters(query.filters, now);
  let span;
  try {
    span = await histogramSpan(query.filters, now, async () => {
      const oldest = await countAlarms(base, call, { ...COUNT, order: "asc" });
      return oldest.total === 0 ? null : oldest.first;
    });
  } catch (error) {
    return { part: "histogram", bars: [], problem: problemOf(error), readAt: Date.now() };
  }
  if (!span) return { part: "histogram", bars: [], problem: null, readAt: Date.now() };
  const { buckets } = span;
  const results = await Promise.allSettled(
    buckets.map((bucket) =>
      countAlarms(
        { ...base, timestamp_occured_gte: bucket.gte, timestamp_occured_lte: bucket.lte },
        call,
        COUNT,
      ),
    ),
  );
  return {
    part: "histogram",
    bars: buckets.map((bucket, index) => ({ ...bucket, count: totalOf(results[index]!) })),
    problem: firstProblem(results),
    readAt: Date.now(),
  };
}

/** One section of a view's overview (the query's page, size and sort do not matter). */
export function readOverviewPart(
  part: OverviewPart,
  query: AlarmListQuery,
  call: UsmCall,
): Promise<OverviewSection> {
  const now = (call.now ?? Date.now)();
  if (part === "histogram") return readHistogram(query, call, now);
  if (part === "priority") return readPriorities(baseFilters(query.filters, now), call);
  return readDimension(part, query, call, now);
}
