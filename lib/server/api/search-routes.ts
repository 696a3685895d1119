import "server-only";
import type { Transaction } from "kysely";
import type { ConsoleDatabase, Database } from "@/lib/server/db";
import { deploymentRegistry, type Deployment } from "@/lib/server/deployments/registry";
import { mergedGroupScope, type SearchScope } from "@/lib/server/deployments/scope";
import { serverEnv } from "@/lib/server/env";
import {
  SEARCH_STATEMENT_TIMEOUT_MS,
  indexDatabase,
  isTooSlow,
  readIndex,
} from "@/lib/server/index/read-index";
import { parseSearch } from "@/lib/server/index/query-language/parse";
import { groupAlarms } from "@/lib/server/index/groups";
import { searchAlarmPage } from "@/lib/server/index/search";
import { searchMergedPage } from "@/lib/server/index/search-merged";
import { readable } from "@/lib/server/index/search-where";
import { suggest } from "@/lib/server/index/suggest";
import { encodeCursor } from "@/lib/server/queue/cursor";
import { parseMergedRequest, readMergedQueue, type MergedRequest } from "@/lib/server/queue/read";
import {
  GROUP_KEY,
  GROUP_SORT_KEY,
  readGrouping,
  type AlarmGroupsPage,
} from "@/lib/shared/alarms/groups";
import {
  DEFAULT_SORT,
  SEARCH_KEY,
  parseAlarmListQuery,
  readsIndex,
  resolveRange,
  type AlarmListQuery,
} from "@/lib/shared/alarms/query";
import type {
  IndexGap,
  MergedCursorPage,
  MergedIndexPage,
  MergedQueuePage,
} from "@/lib/shared/alarms/merged-types";
import type { IndexStatus } from "@/lib/shared/deployments/index-status";
import { indexGaps } from "@/lib/server/index/gaps";
import { indexStatuses } from "@/lib/server/index/sync";
import type { AlarmPage } from "@/lib/shared/alarms/types";
import { ApiError } from "@/lib/shared/core/errors";
import { requestAnalyst } from "@/lib/server/auth/request-analyst";
import { asIndexUnavailable } from "@/lib/server/db/errors";
import type { SearchNode } from "@/lib/shared/search/ast";
import { parseSuggestParams, type SearchSuggestions } from "@/lib/shared/search/suggestions";

// The request -> answer logic of what the index answers: a list or merged queue with `q`, and
// the search box's suggestions. Access: `allowed` is every deployment the analyst may see, and
// the index's queries hold every row to it (lib/server/index/search-where.ts), whatever the
// request names. No database here (or PostgreSQL gone mid-request): 503 index_unavailable
// saying why; the list without `q` never comes here and keeps working from the upstream.

/** Where the index comes from: this process's database unless a test hands one in. */
export interface IndexInput {
  database?: ConsoleDatabase;
  now?: number;
  /** The index's status of each deployment (default: this server's sync's). */
  statuses?: (deployments: readonly string[]) => Promise<Map<string, IndexStatus>>;
  /** How long the index keeps alarms (default INDEX_RETENTION_DAYS). */
  retentionMs?: number;
}

/**
 * `work` on the index; a statement cut short by the timeout is the search's fault (400 on
 * `param`: narrow it), a server gone is 503 index_unavailable (as for the pivots).
 */
async function read<T>(
  database: ConsoleDatabase,
  work: (db: Transaction<Database>) => Promise<T>,
  param = SEARCH_KEY,
) {
  try {
    return await readIndex(database, work);
  } catch (error) {
    if (!isTooSlow(error)) throw asIndexUnavailable(error);
    throw new ApiError(
      "invalid_request",
      `${param}: this search took too long (over ${SEARCH_STATEMENT_TIMEOUT_MS / 1000} s): ` +
        "narrow it, say with a time range, a field or a longer term",
      { param, cause: error },
    );
  }
}

/** `q` read into its tree, or 400 on `q` saying what and where (the box shows a caret there). */
export function readSearch(q: string): SearchNode {
  const parsed = parseSearch(q);
  if (parsed.ok) return bindMe(parsed.query, requestAnalyst()?.id);
  const { message, position } = parsed.problem;
  throw new ApiError("invalid_request", `${message} (at character ${position + 1})`, {
    param: SEARCH_KEY,
    position,
  });
}

/** The tree with each `owner:me` bound to `analyst` (when the request names one). */
function bindMe(node: SearchNode, analyst: string | undefined): SearchNode {
  if (analyst === undefined) return node;
  switch (node.type) {
    case "and":
    case "or":
      return { ...node, children: node.children.map((child) => bindMe(child, analyst)) };
    case "not":
      return { ...node, child: bindMe(node.child, analyst) };
    case "field":
      return node.field === "owner" && node.value === "me" && !node.prefix
        ? { ...node, analyst }
        : node;
    default:
      return node;
  }
}

/**
 * GET /api/d/{key}/alarms?q=… (or with several values of a filter): one AlarmPage of the view,
 * from the index.
 */
export async function searchList(
  query: AlarmListQuery,
  scope: SearchScope,
  { database, now = Date.now() }: IndexInput = {},
): Promise<AlarmPage> {
  const search = query.q === undefined ? null : readSearch(query.q);
  const db = database ?? (await indexDatabase());
  return read(db, (tx) => searchAlarmPage(tx, { ...scope, search, query }, now));
}

/** A page of the time-paged queue (a link's cursor), read from the index. */
async function mergedByCursor(
  request: MergedRequest,
  allowed: readonly string[],
  db: ConsoleDatabase,
  now: number,
  gaps: IndexGap[],
): Promise<MergedCursorPage> {
  const { q } = request.query;
  const search = q === undefined ? null : readSearch(q);
  const { filters } = resolveRange(request.query, now);
  const deployments = request.deployments.map((deployment) => deployment.key);
  const page = await read(db, (tx) =>
    searchMergedPage(
      tx,
      { allowed, deployments, search, filters },
      { size: request.query.size, cursor: request.cursor },
    ),
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
async function mergedPage(
  request: MergedRequest,
  allowed: readonly string[],
  db: ConsoleDatabase,
  now: number,
  gaps: IndexGap[],
  keptFrom: number | null,
): Promise<MergedIndexPage> {
  const deployments = request.deployments.map((deployment) => deployment.key);
  const page = await searchList(request.query, { allowed, deployments }, { database: db, now });
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

/** Whether a queue view needs the index: a search, several values, a page number, an order. */
function needsIndex({ query }: MergedRequest): boolean {
  const { field, direction } = query.sort;
  const newestFirst = field === DEFAULT_SORT.field && direction === DEFAULT_SORT.direction;
  return readsIndex(query) || query.page > 0 || !newestFirst;
}

/**
 * GET /api/d/all/alarms: the queue of the `visible` deployments (or those it names). From the
 * index, a numbered page in any order with its exact count, saying which deployments it does not
 * hold whole yet over the view's range; a link's cursor pages by time instead. Where this process
 * has no index (or nothing of the deployments is indexed yet), the newest alarms from each
 * upstream by cursor, as before the index; a view only the index can answer is then 503
 * index_unavailable, saying why.
 */
export async function mergedList(
  params: URLSearchParams,
  visible: readonly Deployment[],
  analyst: string,
  index: IndexInput = {},
): Promise<MergedQueuePage> {
  const request = parseMergedRequest(params, visible);
  const allowed = visible.map((deployment) => deployment.key);
  const keys = request.deployments.map((deployment) => deployment.key);
  const now = index.now ?? Date.now();
  const upstream = async (why?: string): Promise<MergedCursorPage> => ({
    ...(await readMergedQueue(request, analyst)),
    ...(why ? { indexUnavailable: why } : {}),
  });
  let db: ConsoleDatabase;
  try {
    db = index.database ?? (await indexDatabase());
  } catch (error) {
    if (needsIndex(request) || !(error instanceof ApiError)) throw error;
    return upstream(error.message);
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
    if (!needsIndex(request) && gaps.length === keys.length && gaps.every((gap) => gap.whole)) {
      return await upstream(gaps[0]?.reason ?? NOT_INDEXED_YET);
    }
    if (request.cursor) return await mergedByCursor(request, allowed, db, now, gaps);
    const keptFrom = now - (index.retentionMs ?? serverEnv().index.retentionMs);
    const beyond = bounds.gte === null || bounds.gte < keptFrom ? keptFrom : null;
    return await mergedPage(request, allowed, db, now, gaps, beyond);
  } catch (error) {
    // The database gone mid-read: the plain queue still reads each upstream.
    const gone = error instanceof ApiError && error.code === "index_unavailable";
    if (!gone || needsIndex(request)) throw error;
    return upstream(error.message);
  }
}

/**
 * GET /api/d/{key}/alarms/groups?group=…&<the list's parameters> (and /api/d/all/…, which may
 * name `deployments`): one page of the view's groups, from the index, most alarms first.
 * Deployments are labelled by their names.
 */
export async function groupList(
  url: URL,
  scope: SearchScope,
  { database, now = Date.now() }: IndexInput = {},
  others: readonly string[] = [],
  nameOf: (key: string) => string | undefined = (key) =>
    deploymentRegistry()
      .all()
      .find((deployment) => deployment.key === key)?.name,
): Promise<AlarmGroupsPage> {
  const { query, problems, params } = parseAlarmListQuery(url.searchParams, [
    GROUP_KEY,
    GROUP_SORT_KEY,
    ...others,
  ]);
  const grouping = problems.length > 0 ? {} : readGrouping(params, problems);
  const first = problems[0];
  if (first) {
    throw new ApiError("invalid_request", problems.map((p) => p.message).join("; "), {
      param: first.param,
    });
  }
  const group = grouping.group;
  if (!group) {
    throw new ApiError(
      "invalid_request",
      `${GROUP_KEY} is required: the fields to group by, such as ${GROUP_KEY}=strategy`,
      { param: GROUP_KEY },
    );
  }
  const sort = grouping.groupSort;
  const search = query.q === undefined ? null : readSearch(query.q);
  const db = database ?? (await indexDatabase());
  const page = await read(
    db,
    (tx) => groupAlarms(tx, { ...scope, search, query, group, sort }, now),
    query.q === undefined ? GROUP_KEY : SEARCH_KEY,
  );
  const at = group.indexOf("deployment");
  if (at < 0) return page;
  return {
    ...page,
    groups: page.groups.map((g) => ({
      ...g,
      labels: g.labels.map((label, i) => (i === at && label ? (nameOf(label) ?? label) : label)),
    })),
  };
}

/** Suggestions may stay in the analyst's browser a little while: the index moves slowly. */
export const SUGGEST_CACHE_CONTROL = "private, max-age=30";

/**
 * GET /api/d/{key}/alarms/suggest?field&prefix (and /api/d/all/…, which may name
 * `deployments`): what the search box offers, at most ten, from the deployments in scope.
 */
export async function searchSuggestions(
  url: URL,
  scope: SearchScope,
  { database }: IndexInput = {},
): Promise<SearchSuggestions> {
  const parsed = parseSuggestParams(url.searchParams);
  if (!parsed.ok) {
    throw new ApiError("invalid_request", parsed.problem.message, { param: parsed.problem.param });
  }
  const { field, prefix } = parsed.request;
  const deployments = readable(scope);
  const db = database ?? (await indexDatabase());
  const values = await read(db, (tx) => suggest(tx, deployments, parsed.request), "prefix");
  return { field, prefix, values };
}

/**
 * The merged queue's suggestions: the `deployments` it names (a comma list of those the analyst may
 * see; 400 on it for any other), or all it shows, as for its groups.
 */
export function mergedSuggestScope(url: URL, allowed: readonly string[]): SearchScope {
  return mergedGroupScope(url, allowed);
}
