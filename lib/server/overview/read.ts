import "server-only";
import { z } from "zod";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import { ApiError } from "@/lib/shared/core/errors";
import type { UsmCall } from "@/lib/server/usm/alarms";
import { readCatalogue } from "@/lib/server/usm/catalogue-read";
import { epochMsSchema, looseInt } from "@/lib/server/usm/schemas";
import { isUpstreamBadRequest } from "@/lib/server/usm/transport";
import {
  DIMENSION_FILTER,
  OVERVIEW_STEP_MS,
  baseFilters,
  countParams,
  dimensionValues,
  histogramBuckets,
  overviewBounds,
  withValue,
  type CountFilters,
  type OverviewPart,
} from "@/lib/shared/overview/plan";
import type {
  DimensionOverview,
  HistogramOverview,
  OverviewCount,
  OverviewProblem,
  OverviewSection,
} from "@/lib/shared/overview/types";

// The overview's reads: each count one `size=1` read of the deployment's alarms, its
// `page.totalElements` the count. Every count is shared, by its exact upstream query, with
// every analyst and replica asking it within OVERVIEW_STEP_MS (the client's store-backed shared
// reads), and sent at the budget's background priority: only when no analyst's call waits, so
// the overview never delays anyone's table. A failed count is unknown (null), never 0.

const ALARMS_PATH = "/api/2.0/alarms";

const countSchema = z.looseObject({
  page: z.looseObject({ totalElements: looseInt }),
  _embedded: z
    .looseObject({
      alarms: z.array(z.looseObject({ timestamp_occured: epochMsSchema.nullish() })).optional(),
    })
    .nullish(),
});

interface Count {
  total: number;
  /** The first alarm's occurred time, in the count's order. */
  first: number | null;
}

function parseCount(json: unknown): Count {
  const page = countSchema.parse(json);
  return {
    total: Math.max(0, page.page.totalElements),
    first: page._embedded?.alarms?.[0]?.timestamp_occured ?? null,
  };
}

async function count(
  { analyst, client }: UsmCall,
  filters: CountFilters,
  order: "desc" | "asc" = "desc",
): Promise<Count> {
  const params = countParams(filters);
  params.set("sort", `timestamp_occured,${order}`);
  const shared = await client.read(analyst, "overview-count", ALARMS_PATH, params, parseCount, {
    ttlMs: OVERVIEW_STEP_MS,
    background: true,
  });
  return shared.value();
}

function problemOf(reason: unknown): OverviewProblem {
  const error =
    reason instanceof ApiError
      ? reason
      : new ApiError("internal", "Something went wrong on our side.");
  return { code: error.code, message: error.message };
}

function settledValue<T>(result: PromiseSettledResult<T>): T | null {
  return result.status === "fulfilled" ? result.value : null;
}

function firstProblem(results: readonly PromiseSettledResult<unknown>[]): OverviewProblem | null {
  const failed = results.find((result) => result.status === "rejected");
  return failed?.status === "rejected" ? problemOf(failed.reason) : null;
}

type DimensionPart = Exclude<OverviewPart, "histogram">;

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
  // Statuses are a closed set: their counts add up to the total. Priority labels and intents
  // are open: their total (the dimension's filter left out) tells what the named values miss.
  const withTotal = part !== "status";
  const [named, total, critical] = await Promise.all([
    Promise.allSettled(values.map((value) => count(call, withValue(base, key, value as never)))),
    withTotal ? settle(count(call, withValue(base, key, undefined))) : null,
    // Newer deployments label priorities 91-100 "critical", which the published enum lacks:
    // asked for by name, a deployment that does not know it refuses (400), one that does counts.
    part === "priority" ? settle(criticalCount(call, withValue(base, key, undefined))) : null,
  ]);
  const counts = values.map((value, index) => ({
    value,
    count: settledValue(named[index]!)?.total ?? null,
  }));
  const settled = [...named, ...(total ? [total] : [])];
  const rest = total ? beyondNamed(counts, total, critical) : null;
  // A refusal of "critical" says the deployment lacks the label: no problem to show.
  if (critical?.status === "rejected" && !isUpstreamBadRequest(critical.reason)) {
    settled.push(critical);
  }
  return { part, counts, rest, problem: firstProblem(settled), readAt: Date.now() };
}

/** Deployments (their clients) that refused "critical", until when: asked again hourly. */
const lacksCritical = new WeakMap<UsmCall["client"], number>();
const LACKS_CRITICAL_MS = 3_600_000;

/** The count of the critical label by name; refused (400) by a deployment that lacks it. */
async function criticalCount(call: UsmCall, base: CountFilters): Promise<Count> {
  const refusedUntil = lacksCritical.get(call.client) ?? 0;
  if (refusedUntil > Date.now()) throw LACKS_CRITICAL;
  try {
    return await count(call, { ...base, priority_label: "critical" as never });
  } catch (error) {
    if (isUpstreamBadRequest(error)) lacksCritical.set(call.client, Date.now() + LACKS_CRITICAL_MS);
    throw error;
  }
}

/** What criticalCount throws while a deployment is known to lack the label. */
const LACKS_CRITICAL = new ApiError("upstream_invalid_response", "No critical label here.", {
  cause: { upstreamStatus: 400 },
});

function settle<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return Promise.allSettled([promise]).then(([result]) => result!);
}

/**
 * What a dimension's total holds beyond its named values. For priorities: the critical count
 * when the deployment knows the label (and its count fits in what is beyond: a deployment that
 * ignored the filter would answer its whole total), else what is beyond as "other". Unknown
 * (null) when a count it rests on failed; null when nothing is beyond.
 */
function beyondNamed(
  counts: OverviewCount[],
  total: PromiseSettledResult<Count>,
  critical: PromiseSettledResult<Count> | null,
): DimensionOverview["rest"] {
  const label = critical?.status === "fulfilled" && critical.value.total > 0 ? "critical" : "other";
  const all = settledValue(total)?.total ?? null;
  const named = counts.every((entry) => entry.count !== null)
    ? counts.reduce((sum, entry) => sum + entry.count!, 0)
    : null;
  if (all === null || named === null) return { label, count: null };
  const beyond = all - named;
  if (critical?.status === "fulfilled" && critical.value.total <= Math.max(0, beyond)) {
    return critical.value.total > 0 ? { label: "critical", count: critical.value.total } : null;
  }
  if (critical?.status === "rejected" && !isUpstreamBadRequest(critical.reason)) {
    return beyond > 0 ? { label: "critical", count: null } : null;
  }
  return beyond > 0 ? { label: "other", count: beyond } : null;
}

async function readHistogram(
  query: AlarmListQuery,
  call: UsmCall,
  now: number,
): Promise<HistogramOverview> {
  const base = baseFilters(query.filters, now);
  const bounds = overviewBounds(query.filters, now);
  const lte = bounds.lte ?? Math.ceil(now / OVERVIEW_STEP_MS) * OVERVIEW_STEP_MS;
  let gte = bounds.gte;
  if (gte === undefined) {
    // No lower bound: the histogram starts at the view's oldest alarm.
    let oldest: Count;
    try {
      oldest = await count(call, base, "asc");
    } catch (error) {
      return { part: "histogram", bars: [], problem: problemOf(error), readAt: Date.now() };
    }
    if (oldest.total === 0 || oldest.first === null) {
      return { part: "histogram", bars: [], problem: null, readAt: Date.now() };
    }
    gte = Math.min(oldest.first, lte);
  }
  const buckets = histogramBuckets(gte, lte);
  const results = await Promise.allSettled(
    buckets.map((bucket) =>
      count(call, {
        ...base,
        timestamp_occured_gte: bucket.gte,
        timestamp_occured_lte: bucket.lte,
      }),
    ),
  );
  return {
    part: "histogram",
    bars: buckets.map((bucket, index) => ({
      ...bucket,
      count: settledValue(results[index]!)?.total ?? null,
    })),
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
  return part === "histogram"
    ? readHistogram(query, call, now)
    : readDimension(part, query, call, now);
}
