import "server-only";
import type { ConsoleDatabase } from "@/lib/server/db";
import type { Deployment } from "@/lib/server/deployments/registry";
import { serverEnv } from "@/lib/server/env";
import { indexGaps } from "@/lib/server/mirror/gaps";
import { indexDatabase } from "@/lib/server/search/read-index";
import { searchAllPage } from "@/lib/server/search/search-all";
import { readable } from "@/lib/server/search/search-where";
import { indexStatuses } from "@/lib/server/mirror/sync";
import { encodeCursor } from "@/lib/server/queue/cursor";
import { parseAllRequest, readAllByTime, type AllRequest } from "@/lib/server/queue/read";
import type {
  IndexGap,
  AllCursorPage,
  AllIndexPage,
  AllListPage,
} from "@/lib/shared/alarms/list-pages";
import { resolveRange } from "@/lib/shared/alarms/query";
import { ApiError } from "@/lib/shared/core/errors";
import { readSearch, readView, type IndexInput } from "./index-read";
import { searchList } from "./list";
import type { ScopeFor } from "@/lib/server/deployments/scope";
import { chooseSource, fallBack } from "./policy";

// The queue of several deployments (GET /api/d/all/alarms and its server page), from where
// READ_RULES says: the index for a numbered page in any order, each upstream's newest by cursor
// where the index cannot answer a view that does not need it.

/** A page of the time-paged queue (a link's cursor), read from the index. */
async function allByCursor(
  request: AllRequest,
  { allowed, analyst }: Omit<ScopeFor, "deployments">,
  db: ConsoleDatabase,
  now: number,
  gaps: IndexGap[],
): Promise<AllCursorPage> {
  const { q } = request.query;
  const search = q === undefined ? null : readSearch(q, analyst);
  const { filters } = resolveRange(request.query, now);
  const deployments = request.deployments.map((deployment) => deployment.key);
  const page = await readView(
    db,
    (tx) =>
      searchAllPage(
        tx,
        { allowed, deployments, search, filters },
        { size: request.query.size, cursor: request.cursor },
      ),
    { analyst },
  );
  return {
    paging: "cursor",
    alarms: page.alarms,
    older: page.older ? encodeCursor(page.older) : null,
    newer: page.newer ? encodeCursor(page.newer) : null,
    deployments: page.deployments,
    failures: [],
    occurred: {
      gte: filters.timestamp_occured_gte ?? null,
      lte: filters.timestamp_occured_lte ?? null,
    },
    readAt: now,
    source: page.source,
    matches: page.matches,
    gaps,
  };
}

/** A numbered page of the queue from the index, with what the index does not hold yet. */
async function allPage(
  request: AllRequest,
  { allowed, analyst }: Omit<ScopeFor, "deployments">,
  db: ConsoleDatabase,
  now: number,
  gaps: IndexGap[],
  keptFrom: number | null,
): Promise<AllIndexPage> {
  const deployments = request.deployments.map((deployment) => deployment.key);
  const scope = { allowed, deployments, analyst };
  const page = await searchList(request.query, scope, { database: db, now });
  return {
    ...page,
    page: { ...page.page, ...(gaps.length > 0 ? { totalIsLowerBound: true } : {}) },
    paging: "pages",
    deployments: readable({ allowed, deployments }),
    source: page.source!,
    gaps,
    keptFrom,
  };
}

const NOT_INDEXED_YET = "Nothing of these deployments is indexed yet.";

/**
 * GET /api/d/all/alarms: the queue of the `visible` deployments (or those it names). From the
 * index, a numbered page in any order with its exact count, saying which deployments it does not
 * hold whole yet over the view's range; a link's cursor pages by time instead. Where this process
 * has no index (or nothing of the deployments is indexed yet), the newest alarms from each
 * upstream by cursor, as before the index; a view only the index can answer is then 503
 * index_unavailable, saying why.
 */
export async function allList(
  params: URLSearchParams,
  visible: readonly Deployment[],
  analyst: string,
  index: IndexInput = {},
): Promise<AllListPage> {
  const request = parseAllRequest(params, visible);
  const view = { kind: "page", scope: "all", query: request.query } as const;
  const choice = chooseSource(view);
  if (choice.source !== "index") throw new ApiError("internal", "The queue reads the index first.");
  const allowed = visible.map((deployment) => deployment.key);
  const keys = request.deployments.map((deployment) => deployment.key);
  const now = index.now ?? Date.now();
  /** The index could not answer (`why`): each upstream, saying why, or the row's refusal. */
  const upstream = async (why: unknown): Promise<AllCursorPage> => {
    fallBack(choice, view, why);
    const message = why instanceof ApiError ? why.message : String(why);
    return { ...(await readAllByTime(request, analyst)), indexUnavailable: message };
  };
  let db: ConsoleDatabase;
  try {
    db = index.database ?? (await indexDatabase());
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return upstream(error);
  }
  try {
    const statuses = await (index.statuses ?? indexStatuses)(keys);
    const { filters } = resolveRange(request.query, now);
    const bounds = {
      gte: filters.timestamp_occured_gte ?? null,
      lte: filters.timestamp_occured_lte ?? null,
    };
    const gaps = indexGaps(keys, statuses, bounds);
    // Nothing of them indexed yet (a console's first moments, the sync off): each upstream, its
    // first page and every place in it by cursor alike.
    const nothing = gaps.length === keys.length && gaps.every((gap) => gap.whole);
    if (nothing && choice.fallback === "upstream") {
      return await upstream(new ApiError("index_unavailable", gaps[0]?.reason ?? NOT_INDEXED_YET));
    }
    if (request.cursor) return await allByCursor(request, { allowed, analyst }, db, now, gaps);
    const keptFrom = now - (index.retentionMs ?? serverEnv().index.retentionMs);
    const beyond = bounds.gte === null || bounds.gte < keptFrom ? keptFrom : null;
    return await allPage(request, { allowed, analyst }, db, now, gaps, beyond);
  } catch (error) {
    // The database gone mid-read: the plain queue still reads each upstream.
    const gone = error instanceof ApiError && error.code === "index_unavailable";
    if (!gone) throw error;
    return upstream(error);
  }
}
