import "server-only";
import { z } from "zod";
import type { Kysely } from "kysely";
import { databaseState, type Database } from "@/lib/server/db";
import { indexSource } from "@/lib/server/index/indexed-up-to";
import { indexGaps } from "@/lib/server/index/gaps";
import { indexedOverviewPart } from "@/lib/server/index/overview";
import { indexDatabase, readIndex } from "@/lib/server/index/read-index";
import { readable } from "@/lib/server/index/search-where";
import { indexStatus, indexStatuses } from "@/lib/server/index/sync";
import { readOverviewPart } from "@/lib/server/overview/read";
import { sharedStore, type SharedStore } from "@/lib/server/store";
import type { UsmCall } from "@/lib/server/usm";
import { DEPLOYMENTS_KEY } from "@/lib/shared/alarms/merged-url";
import {
  DEFAULT_QUERY,
  NO_STATUS,
  parseAlarmListQuery,
  resolveRange,
  severalValued,
  toSearchParams,
  type AlarmListQuery,
} from "@/lib/shared/alarms/query";
import type { IndexSource } from "@/lib/shared/alarms/types";
import { ApiError } from "@/lib/shared/core/errors";
import {
  DIMENSION_FILTER,
  OVERVIEW_PARTS,
  OVERVIEW_STEP_MS,
  baseFilters,
  type OverviewPart,
} from "@/lib/shared/overview/plan";
import type { OverviewSection } from "@/lib/shared/overview/types";
import type { SearchNode } from "@/lib/shared/search/ast";
import { asIndexUnavailable } from "./pivot-routes";
import { mergedGroupScope, readSearch, type IndexInput } from "./search-routes";

// The request -> answer logic of the overview's sections: a deployment's (from the index where it
// holds the deployment whole, else the upstream's `size=1` counts; a search's always from the
// index, as its rows are) and the queue of every deployment's (always the index's, saying where
// it does not hold a deployment whole yet).

const overviewPartSchema = z.enum(OVERVIEW_PARTS, {
  error: `part must be one of ${OVERVIEW_PARTS.join(", ")}`,
});

/**
 * The section asked for, the view's query and its search read (`owner:me` bound to the analyst),
 * or 400 naming the wrong parameter.
 */
function readOverviewRequest(
  url: URL,
  others: readonly string[] = [],
): { part: OverviewPart; query: AlarmListQuery; search: SearchNode | null } {
  const parts = url.searchParams.getAll("part");
  const part = overviewPartSchema.safeParse(parts.length === 1 ? parts[0] : undefined);
  if (!part.success) {
    throw new ApiError("invalid_request", part.error.issues[0]!.message, { param: "part" });
  }
  const { query, problems } = parseAlarmListQuery(url.searchParams, ["part", ...others]);
  const first = problems[0];
  if (first) {
    throw new ApiError("invalid_request", problems.map((p) => p.message).join("; "), {
      param: first.param,
    });
  }
  // A search's overview counts its matches, as its rows are found: from the index.
  const search = query.q === undefined ? null : readSearch(query.q);
  return { part: part.data, query, search };
}

/** The index's overview sections being read in this process, by their shared key. */
const overviewsReading = new Map<string, Promise<OverviewSection>>();

/**
 * A section read from the index, shared by every analyst and replica asking for the same view
 * within the overview's step (a rolling range is resolved on it): one statement a section,
 * whoever asks, and one read in flight per process.
 */
async function sharedSection(
  key: string,
  read: () => Promise<OverviewSection>,
  store: SharedStore = sharedStore(),
): Promise<OverviewSection> {
  let reading = overviewsReading.get(key);
  if (!reading) {
    reading = read().finally(() => overviewsReading.delete(key));
    overviewsReading.set(key, reading);
  }
  const section = await reading;
  await store.set(key, JSON.stringify(section), OVERVIEW_STEP_MS);
  return section;
}

/**
 * The shared store's key of a section of `deployments`' view of `query` as of `now`: its filters
 * and search, and whom `owner:me` in the search means (one analyst's own, shared with no other).
 */
function sectionKey(
  scope: string,
  part: OverviewPart,
  query: AlarmListQuery,
  now: number,
  search: SearchNode | null = null,
) {
  const filters = baseFilters(query.filters, now);
  const base = toSearchParams({ ...DEFAULT_QUERY, filters, ...(search ? { q: query.q } : {}) });
  const me = search ? boundAnalyst(search) : undefined;
  if (me !== undefined) base.set("me", me);
  return `overview:index:${scope}:${part}:${base}`;
}

/** The analyst `owner:me` was bound to in the tree (readSearch), if it says owner:me. */
function boundAnalyst(node: SearchNode): string | undefined {
  if (node.type === "and" || node.type === "or") {
    return node.children.map(boundAnalyst).find((id) => id !== undefined);
  }
  if (node.type === "not") return boundAnalyst(node.child);
  return node.type === "field" ? node.analyst : undefined;
}

/**
 * A section of a search's view from the index, whatever it holds of `keys` yet (as the search's
 * rows are read): `source` says how far it has read them.
 */
async function searchedSection(
  keys: readonly string[],
  request: { part: OverviewPart; query: AlarmListQuery; search: SearchNode },
  now: number,
  index: IndexInput & { store?: SharedStore },
): Promise<OverviewSection> {
  const { part, query, search } = request;
  const store = index.store ?? sharedStore();
  const key = sectionKey(keys.join(","), part, query, now, search);
  try {
    const cached = await store.get(key);
    if (cached !== null) return JSON.parse(cached) as OverviewSection;
    const database = index.database ?? (await indexDatabase());
    const read = async (tx: Kysely<Database>) => {
      const source = await indexSource(tx, keys);
      // Not held whole yet (its past still being read, or not read at all): at least these.
      const partial = source.backfilling === true || source.indexedUpTo === null;
      const counted = partial ? { ...source, partial } : source;
      return indexedOverviewPart(tx, keys, part, query, now, counted, search);
    };
    return await sharedSection(key, () => readIndex(database, read), store);
  } catch (error) {
    throw asIndexUnavailable(error);
  }
}

/**
 * A section of the overview from the index, where it holds the deployment whole (its backfill
 * done, following the upstream): exact at any range, no upstream call. Null otherwise (another
 * process's index, a backfill under way, the sync behind or failed, the database gone), and the
 * upstream's counts answer as before. Only a section the index answered is kept, so a view kept
 * answers without reading the sync's state again.
 */
async function indexedSection(
  deployment: string,
  part: OverviewPart,
  query: AlarmListQuery,
  now: number,
): Promise<OverviewSection | null> {
  const key = sectionKey(deployment, part, query, now);
  try {
    const cached = await sharedStore().get(key);
    if (cached !== null) return JSON.parse(cached) as OverviewSection;
    const status = await indexStatus(deployment);
    if (status.state !== "following") return null;
    const state = await databaseState();
    if (!state.ok) return null;
    const source = { kind: "index" as const, indexedUpTo: status.syncedAt };
    return await sharedSection(key, () =>
      readIndex(state.database, (tx) =>
        indexedOverviewPart(tx, [deployment], part, query, now, source),
      ),
    );
  } catch {
    return null; // the database (or the store) failed mid-read: the upstream's counts answer
  }
}

/**
 * A section counted by the upstream's `size=1` reads, each of one value per filter: a view with
 * several values of a filter is the index's to count, once it holds the deployment whole (but a
 * dimension's own filter, which its counts leave out).
 */
function upstreamSection(part: OverviewPart, query: AlarmListQuery, call: UsmCall) {
  const counted = { ...query.filters };
  if (part !== "histogram") delete counted[DIMENSION_FILTER[part]];
  // No status: the upstream cannot filter by it (usm-api.md), the index can.
  const several = counted.status?.includes(NO_STATUS) ? "status" : severalValued(counted);
  if (several !== undefined) {
    throw new ApiError(
      "index_unavailable",
      "Counted once the index holds this deployment whole: the upstream counts one value of a " +
        "filter at a time",
      { param: several },
    );
  }
  return readOverviewPart(part, query, call);
}

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
  index: IndexInput & { store?: SharedStore } = {},
) {
  const { part, query, search } = readOverviewRequest(url);
  const now = index.now ?? (call.now ?? Date.now)();
  const section = (async () => {
    if (search) {
      if (!deployment) throw new ApiError("internal", "A search's overview needs its deployment.");
      return searchedSection([deployment], { part, query, search }, now, index);
    }
    return (
      (deployment ? await indexedSection(deployment, part, query, now) : null) ??
      upstreamSection(part, query, call)
    );
  })();
  return unlessLeft(section, signal);
}

/**
 * GET /api/d/all/alarms/overview?part&deployments&<the list's query>: one section of the queue's
 * overview, from the index, over the deployments it names among `allowed` (none: all of them).
 * Where the index does not hold a deployment whole over the view's range yet, its `source` says
 * `partial` (the queue names which): the counts are then at least these.
 */
export async function mergedOverview(
  url: URL,
  allowed: readonly string[],
  index: IndexInput & { store?: SharedStore } = {},
  signal?: AbortSignal,
) {
  const { part, query, search } = readOverviewRequest(url, [DEPLOYMENTS_KEY]);
  const keys = readable(mergedGroupScope(url, allowed));
  if (keys.length === 0) throw new ApiError("not_found", "There is no deployment you may see.");
  const now = index.now ?? Date.now();
  const section = (async () => {
    const database = index.database ?? (await indexDatabase());
    try {
      const statuses = await (index.statuses ?? indexStatuses)(keys);
      const { filters } = resolveRange(query, now);
      const bounds = {
        gte: filters.timestamp_occured_gte ?? null,
        lte: filters.timestamp_occured_lte ?? null,
      };
      const partial = indexGaps(keys, statuses, bounds).length > 0;
      const synced = keys.map((key) => statuses.get(key)?.syncedAt ?? null);
      const source: IndexSource = {
        kind: "index",
        indexedUpTo: synced.some((at) => at === null) ? null : Math.min(...(synced as number[])),
        ...(partial ? { partial } : {}),
      };
      const store = index.store ?? sharedStore();
      const key = sectionKey(`all:${keys.join(",")}:${partial}`, part, query, now, search);
      const cached = await store.get(key);
      if (cached !== null) return JSON.parse(cached) as OverviewSection;
      const read = (tx: Kysely<Database>) =>
        indexedOverviewPart(tx, keys, part, query, now, source, search);
      return await sharedSection(key, () => readIndex(database, read), store);
    } catch (error) {
      throw asIndexUnavailable(error);
    }
  })();
  return unlessLeft(section, signal);
}
