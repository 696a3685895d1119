import "server-only";
import type { NextRequest } from "next/server";
import { z } from "zod";
import {
  readDeploymentSection,
  readQueueSection,
  type SectionRequest,
} from "@/lib/server/reads/counts";
import { readSearch, type IndexInput } from "@/lib/server/reads/index-read";
import { allScopeOf } from "@/lib/server/deployments/scope";
import type { SharedStore } from "@/lib/server/store";
import type { UsmCall } from "@/lib/server/usm";
import { DEPLOYMENTS_KEY } from "@/lib/shared/alarms/view";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import { OVERVIEW_PARTS, type OverviewPart } from "@/lib/shared/overview/plan";
import type { AnalystContext } from "@/lib/server/services/context";
import type { RouteScope } from "./deployment-route";
import { listQuery, parseQuery, type Parsed } from "./request-input";

// The request -> answer logic of the overview's sections: a deployment's and the queue of every
// deployment's, each read where the read seam says (lib/server/reads/counts.ts).

const overviewPartSchema = z.enum(OVERVIEW_PARTS, {
  error: `part must be one of ${OVERVIEW_PARTS.join(", ")}`,
});

/** The section asked for and the view's query, or the problem (the first found) with them. */
const overviewQuery =
  (others: readonly string[] = []) =>
  (params: URLSearchParams): Parsed<{ part: OverviewPart; query: AlarmListQuery }> => {
    const parts = params.getAll("part");
    const part = overviewPartSchema.safeParse(parts.length === 1 ? parts[0] : undefined);
    const list = listQuery(["part", ...others])(params);
    const value = { part: part.data ?? OVERVIEW_PARTS[0], query: list.value };
    if (!part.success) {
      return { value, problems: [{ param: "part", message: part.error.issues[0]!.message }] };
    }
    if (list.problems.length > 0) return { value, problems: list.problems };
    return { value, problems: [] };
  };

/**
 * The section asked for, the view's query and its search read (`owner:me` bound to `analyst`),
 * or 400 naming the wrong parameter. A search's overview counts its matches, as its rows are
 * found: from the index.
 */
function readOverviewRequest(
  url: URL,
  analyst: string | null,
  others: readonly string[] = [],
): SectionRequest {
  const { part, query } = parseQuery(url.searchParams, overviewQuery(others));
  const search = query.q === undefined ? null : readSearch(query.q, analyst);
  return { part, query, search, analyst };
}

/** Where the overview's index comes from, and whom `owner:me` in its search means. */
type OverviewInput = IndexInput & { store?: SharedStore; analyst?: string | null };

/** `section`, or answered at once when the browser left (so the gate's place is given back). */
function unlessLeft<T>(section: Promise<T>, signal?: AbortSignal): Promise<T | { left: true }> {
  if (!signal) return section;
  // Its reads go on and fill the shared cache for the next analyst.
  return Promise.race([
    section,
    new Promise<{ left: true }>((resolve) => {
      if (signal.aborted) resolve({ left: true });
      signal.addEventListener("abort", () => resolve({ left: true }), { once: true });
    }),
  ]);
}

/**
 * GET /api/d/{deployment}/alarms/overview?part&<the list's query>: one section of the view's
 * overview (counts by priority, status or intent, or the histogram), or 400 naming the wrong
 * parameter. Its page, size and sort do not matter; its filters and search (`q`) do.
 */
export async function alarmOverview(
  url: URL,
  call: UsmCall,
  signal?: AbortSignal,
  deployment?: string,
  index: OverviewInput = {},
) {
  const request = readOverviewRequest(url, index.analyst ?? call.analyst);
  const now = index.now ?? (call.now ?? Date.now)();
  return unlessLeft(readDeploymentSection(deployment, request, call, now, index), signal);
}

/**
 * GET /api/d/all/alarms/overview?part&deployments&<the list's query>: one section of the overview
 * of every deployment, from the index, over the deployments it names among `allowed` (none: all).
 * Where the index does not hold a deployment whole over the view's range yet, its `source` says
 * `partial` (the queue names which): the counts are then at least these.
 */
export async function allOverview(
  url: URL,
  allowed: readonly string[],
  index: OverviewInput = {},
  signal?: AbortSignal,
) {
  const request = readOverviewRequest(url, index.analyst ?? null, [DEPLOYMENTS_KEY]);
  const scope = allScopeOf(url, allowed);
  const now = index.now ?? Date.now();
  const section = readQueueSection(scope, request, now, index);
  return unlessLeft(section, signal);
}

/** GET /api/d/{key|all}/alarms/overview: one section of the scope's view's overview. */
export function scopeOverview(request: NextRequest, scope: RouteScope, context: AnalystContext) {
  const { nextUrl: url, signal } = request;
  return scope.kind === "deployment"
    ? // From the index where it holds the deployment whole, else the upstream's counts.
      alarmOverview(url, scope.call, signal, scope.deployment.key)
    : allOverview(url, context.scope.allowed, { analyst: context.analyst.id }, signal);
}
