import "server-only";
import { ApiError, asApiError } from "@/lib/shared/core/errors";
import { FILTERABLE_PRIORITIES, type PriorityName } from "@/lib/shared/alarms/priority";
import type { UsmCall } from "./alarms";
import type { BudgetClassName } from "./budget-classes";
import { upstreamPageSchema } from "./schemas";
import { isUpstreamBadRequest } from "./transport";
import { ALARMS_PATH, upstreamParams, type UpstreamFilters } from "./upstream-query";

// Counting alarms: the API has no aggregation, so a count is the `page.totalElements` of a
// `size=1` read, shared by its exact query with everyone asking within ttlMs. The home tiles and
// the overview count by priority the same way, here. A count that fails is unknown (null), never 0.

export interface AlarmCount {
  total: number;
  /** The first alarm's occurred time in the count's order (the newest, by default), or null. */
  first: number | null;
}

export interface CountOptions {
  budget: BudgetClassName;
  /** How long the count is shared; default the client's (USM_CACHE_TTL_MS). */
  ttlMs?: number;
  order?: "desc" | "asc";
  refusalIsAnswer?: boolean;
}

/** How many alarms match `filters` (absolute bounds only), and the first one's time. */
export async function countAlarms(
  filters: UpstreamFilters,
  { analyst, client }: UsmCall,
  { budget, ttlMs, order = "desc", refusalIsAnswer }: CountOptions,
): Promise<AlarmCount> {
  const params = upstreamParams({
    page: 0,
    size: 1,
    sort: { field: "timestamp_occured", direction: order },
    filters,
  });
  const shared = await client.read(
    "count",
    ALARMS_PATH,
    params,
    (json) => {
      const page = upstreamPageSchema.parse(json);
      const alarms = page._embedded?.alarms ?? [];
      return {
        total: Math.max(0, page.page?.totalElements ?? alarms.length),
        first: alarms[0]?.timestamp_occured ?? null,
      };
    },
    { budget, analyst },
    { ttlMs, refusalIsAnswer },
  );
  return shared.value();
}

export interface PriorityCounts {
  /** In PRIORITY_ORDER; critical only where the deployment answered it. null: unknown. */
  counts: { label: PriorityName; count: number | null }[];
  /** Alarms under labels beyond these (an open set): null when unknown, 0 when none. */
  other: number | null;
  /** Every alarm counted (no label asked for), null when unknown. */
  total: number | null;
  /** The newest alarm's occurred time, from the total's read. */
  newest: number | null;
  /** The first read's failure when any count is unknown. */
  problem: ApiError | null;
}

/** Deployments (their clients) that refused "critical", until when: asked again hourly. */
const lacksCritical = new WeakMap<UsmCall["client"], number>();
const LACKS_CRITICAL_MS = 3_600_000;

/**
 * `filters` (without a priority label) counted by label: the labels the filters can select, and
 * critical by name. A deployment that does not know "critical" refuses it (HTTP 400): that is an
 * answer, not a failure (nor the deployment's last error), remembered for an hour; what its
 * total holds beyond the named labels is "other".
 */
export async function countByPriority(
  filters: UpstreamFilters,
  call: UsmCall,
  options: Omit<CountOptions, "order" | "refusalIsAnswer">,
): Promise<PriorityCounts> {
  const { priority_label: _own, ...base } = filters;
  void _own;
  const known = FILTERABLE_PRIORITIES;
  const askCritical = (lacksCritical.get(call.client) ?? 0) <= Date.now();
  const [total, critical, ...named] = await Promise.allSettled([
    countAlarms(base, call, options),
    askCritical
      ? countAlarms({ ...base, priority_label: ["critical" as never] }, call, {
          ...options,
          refusalIsAnswer: true,
        })
      : Promise.reject(LACKS_CRITICAL),
    ...known.map((label) => countAlarms({ ...base, priority_label: [label] }, call, options)),
  ]);
  if (critical!.status === "rejected" && isUpstreamBadRequest(critical!.reason) && askCritical) {
    lacksCritical.set(call.client, Date.now() + LACKS_CRITICAL_MS);
  }
  const value = (result: PromiseSettledResult<AlarmCount>) =>
    result.status === "fulfilled" ? result.value.total : null;
  const all = value(total!);
  const namedCounts = known.map((label, index) => ({ label, count: value(named[index]!) }));
  const namedSum = namedCounts.every((entry) => entry.count !== null)
    ? namedCounts.reduce((sum, entry) => sum + entry.count!, 0)
    : null;
  const beyond = all !== null && namedSum !== null ? Math.max(0, all - namedSum) : null;
  // Critical, where the deployment answered it: unless its count cannot be a part of what is
  // beyond the other labels (a deployment that ignored the filter answers its whole total). A
  // failed read says nothing of whether the deployment knows the label: what is beyond is then
  // unknown as a whole ("other").
  const criticalLacking = critical!.status === "rejected" && isUpstreamBadRequest(critical!.reason);
  const criticalFailed = critical!.status === "rejected" && !criticalLacking;
  let criticalCount: number | undefined;
  if (critical!.status === "fulfilled") {
    const count = critical!.value.total;
    criticalCount = beyond !== null && count > beyond ? undefined : count;
  }
  const counts =
    criticalCount === undefined
      ? namedCounts
      : [{ label: "critical" as const, count: criticalCount }, ...namedCounts];
  const other = beyond === null || criticalFailed ? null : beyond - (criticalCount ?? 0);
  const failed = [total!, ...named, ...(criticalLacking ? [] : [critical!])].find(
    (result) => result.status === "rejected",
  );
  return {
    counts,
    other,
    total: all,
    newest: total!.status === "fulfilled" ? total!.value.first : null,
    problem: failed?.status === "rejected" ? asApiError(failed.reason) : null,
  };
}

/** What the critical count is while a deployment is known to lack the label. */
const LACKS_CRITICAL = new ApiError("upstream_invalid_response", "No critical label here.", {
  cause: { upstreamStatus: 400 },
});
