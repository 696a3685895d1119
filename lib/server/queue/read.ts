import "server-only";
import { resolveRange, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { CURSOR_KEY, parseView } from "@/lib/shared/alarms/view";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import type { AllCursorPage } from "@/lib/shared/alarms/list-pages";
import { ApiError, asApiError, invalidRequest } from "@/lib/shared/core/errors";
import { readAlarmPage } from "@/lib/server/usm";
import { decodeCursor, encodeCursor } from "./cursor";
import { readAllPage, type QueueAlarm, type SourceQuery } from "./merge";
import type { Deployment } from "@/lib/server/deployments/registry";

// GET /api/d/all/alarms from each upstream (where the index cannot answer here): the newest alarms
// of every deployment the analyst may see (or of those the `deployments` filter names), merged by
// occurred time and paged by cursor (./merge.ts). Each deployment is read through its own client:
// its budget, its fair shares, its cache. The filters are those every deployment accepts; the
// order is always newest first.

export interface AllRequest {
  /** Page, size, sort, search and filters (the time-paged queue reads size and filters). */
  query: AlarmListQuery;
  deployments: Deployment[];
  cursor: ReturnType<typeof decodeCursor>;
}

/**
 * Reads the list of every deployment's URL for `visible` deployments with the browser's own parser
 * (parseView), so the page and the API never disagree on what a link means: 400 naming
 * the first wrong parameter and saying everything that is wrong, as the list's route does.
 */
export function parseAllRequest(
  params: URLSearchParams,
  visible: readonly Deployment[],
): AllRequest {
  const byKey = new Map(visible.map((deployment) => [deployment.key, deployment]));
  const { view, problems } = parseView(params, "all", { known: [...byKey.keys()] });
  if (problems.length > 0) throw invalidRequest(problems);
  const cursor = view.cursor === null ? null : decodeCursor(view.cursor);
  if (view.cursor !== null && !cursor) {
    throw new ApiError(
      "invalid_request",
      `${CURSOR_KEY}: this link's place in the queue cannot be read; start again from the newest alarms`,
      { param: CURSOR_KEY },
    );
  }
  return {
    query: view.query,
    deployments:
      view.deployments.length === 0 ? [...visible] : view.deployments.map((key) => byKey.get(key)!),
    cursor,
  };
}

type Placed = AlarmSummary & QueueAlarm;

const MAX_UUID = 64;

/**
 * The alarm as the merge can place it, or nothing: its position goes into cursors, which take
 * whole non-negative milliseconds and short lower-case ids. An alarm without an occurred time has
 * no place in a time order (the upstream sorts and filters by it, so in practice it sends one);
 * one with an odd id or time is left out rather than failing the whole queue.
 */
function placed(alarm: AlarmSummary): Placed[] {
  const { occurredAt } = alarm;
  if (occurredAt === null || !Number.isFinite(occurredAt)) return [];
  const ms = Math.floor(occurredAt);
  const uuid = alarm.uuid.toLowerCase();
  if (ms < 0 || !Number.isSafeInteger(ms) || uuid === "" || uuid.length > MAX_UUID) return [];
  if (uuid.includes("~")) return []; // the position sentinel sorts above every id
  return [{ ...alarm, uuid, occurredAt: ms }];
}

/** One page of the list of every deployment; a deployment that fails is named, never shown as empty. */
export async function readAllByTime(
  { query, deployments, cursor }: AllRequest,
  analyst: string,
  now: () => number = Date.now,
): Promise<AllCursorPage> {
  // One resolution of a rolling range for every deployment: one page, one window.
  const readAt = now();
  const resolved = resolveRange(query, readAt);
  const { timestamp_occured_gte: gte, timestamp_occured_lte: lte } = resolved.filters;
  const byKey = new Map(deployments.map((deployment) => [deployment.key, deployment]));

  async function read(source: SourceQuery) {
    const deployment = byKey.get(source.deployment)!;
    const older = source.direction === "older";
    const bounds = {
      gte: older ? gte : Math.max(source.boundMs ?? -Infinity, gte ?? -Infinity),
      lte: older ? Math.min(source.boundMs ?? Infinity, lte ?? Infinity) : lte,
    };
    if (bounds.gte !== undefined && bounds.lte !== undefined && bounds.gte > bounds.lte) {
      return { alarms: [], totalElements: 0 }; // nothing can lie between: no call
    }
    const upstreamQuery: AlarmListQuery = {
      ...resolved,
      page: source.page,
      // The merge asks for a page and a margin (its positions are inclusive bounds upstream).
      size: source.size as AlarmListQuery["size"],
      sort: { field: "timestamp_occured", direction: older ? "desc" : "asc" },
      filters: {
        ...resolved.filters,
        timestamp_occured_gte: Number.isFinite(bounds.gte) ? bounds.gte : undefined,
        timestamp_occured_lte: Number.isFinite(bounds.lte) ? bounds.lte : undefined,
      },
    };
    const page = (
      await readAlarmPage(upstreamQuery, { analyst, client: deployment.client() })
    ).value();
    return {
      alarms: page.alarms.flatMap(placed),
      totalElements: page.page.totalElements,
      returned: page.alarms.length,
    };
  }

  const page = await readAllPage<Placed>({
    deployments: deployments.map((deployment) => deployment.key),
    size: query.size,
    cursor,
    read,
  });
  return {
    paging: "cursor",
    alarms: page.alarms,
    older: page.older ? encodeCursor(page.older) : null,
    newer: page.newer ? encodeCursor(page.newer) : null,
    deployments: deployments.map((deployment) => deployment.key),
    failures: page.failures.map(({ deployment, error }) => {
      const apiError = asApiError(error);
      return { deployment, code: apiError.code, message: apiError.message };
    }),
    occurred: { gte: gte ?? null, lte: lte ?? null },
    readAt,
  };
}
