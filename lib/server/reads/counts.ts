import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import { asIndexUnavailable } from "@/lib/server/db/errors";
import { indexGaps } from "@/lib/server/mirror/gaps";
import { indexSource } from "@/lib/server/mirror/indexed-up-to";
import { indexedOverviewPart } from "@/lib/server/search/overview";
import { indexDatabase, indexState, readIndex } from "@/lib/server/search/read-index";
import { readable } from "@/lib/server/search/search-where";
import { indexStatus, indexStatuses } from "@/lib/server/mirror/sync";
import { readOverviewPart } from "@/lib/server/overview/read";
import { sharedStore, type SharedStore } from "@/lib/server/store";
import { SharedReads } from "@/lib/server/store/shared-reads";
import type { UsmCall } from "@/lib/server/usm";
import {
  DEFAULT_QUERY,
  resolveRange,
  toSearchParams,
  type AlarmListQuery,
} from "@/lib/shared/alarms/query";
import type { IndexSource } from "@/lib/shared/alarms/types";
import { ApiError } from "@/lib/shared/core/errors";
import {
  DIMENSION_FILTER,
  OVERVIEW_STEP_MS,
  baseFilters,
  type OverviewPart,
} from "@/lib/shared/overview/plan";
import type { OverviewSection } from "@/lib/shared/overview/types";
import type { SearchNode } from "@/lib/shared/search/ast";
import type { IndexInput } from "./index-read";
import { chooseSource, fallBack, type ReadView } from "./policy";
import type { SearchScope } from "@/lib/server/deployments/scope";

// The overview's counts of a view, from where READ_RULES says: a deployment's from the index
// where it holds the deployment whole, else the upstream's `size=1` counts; a search's always the
// index's, as its rows are (saying how far it has read); the queue of several always the index's,
// saying where it does not hold a deployment whole yet. A section the index
// answered is shared by every analyst and replica asking within the overview's step.

/** The overview's sections in the cache of shared reads, per store (tests bring their own). */
const sectionReads = new WeakMap<SharedStore, SharedReads>();

/**
 * A section read from the index is shared by every analyst and replica asking for the same view
 * within the overview's step (a rolling range is resolved on it): one statement a section,
 * whoever asks, and one read in flight per process.
 */
function overviewCache(store: SharedStore = sharedStore()): SharedReads {
  let reads = sectionReads.get(store);
  if (!reads) {
    reads = new SharedReads(store, "cache:overview:", OVERVIEW_STEP_MS);
    sectionReads.set(store, reads);
  }
  return reads;
}

/**
 * A section asked for: which, of which view, the view's search read (null: none), and whom it is
 * read for (their turn at the index; null: for no one).
 */
export interface SectionRequest {
  part: OverviewPart;
  query: AlarmListQuery;
  search: SearchNode | null;
  analyst: string | null;
}

/**
 * The cache's query of a section of `deployments`' view of `query` as of `now`: its filters
 * and search, and whom `owner:me` in the search means (one analyst's own, shared with no other).
 */
function sectionKey(scope: string, { part, query, search }: SectionRequest, now: number) {
  const filters = baseFilters(query.filters, now);
  const base = toSearchParams({ ...DEFAULT_QUERY, filters, ...(search ? { q: query.q } : {}) });
  const me = search ? boundAnalyst(search) : undefined;
  if (me !== undefined) base.set("me", me);
  return `index:${scope}:${part}:${base}`;
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
 * rows are read): `source` says how far it has read them, `partial` where not whole.
 */
async function searchedSection(
  keys: readonly string[],
  request: SectionRequest & { search: SearchNode },
  now: number,
  index: IndexInput & { store?: SharedStore },
): Promise<OverviewSection> {
  const { part, query, search, analyst } = request;
  const key = sectionKey(keys.join(","), request, now);
  try {
    const database = index.database ?? (await indexDatabase());
    const read = async (tx: Kysely<Database>) => {
      const source = await indexSource(tx, keys);
      // Not held whole yet (its past still being read, or not read at all): at least these.
      const partial = source.backfilling === true || source.indexedUpTo === null;
      const counted = partial ? { ...source, partial } : source;
      return indexedOverviewPart(tx, keys, part, query, now, counted, search);
    };
    const section = () => readIndex(database, read, { analyst });
    return (await overviewCache(index.store).get("overview-section", key, section)).value();
  } catch (error) {
    throw asIndexUnavailable(error);
  }
}

/** The view a section counts: a dimension's counts leave out its own filter. */
function countedView(part: OverviewPart, query: AlarmListQuery): ReadView {
  const filters = { ...query.filters };
  if (part !== "histogram") delete filters[DIMENSION_FILTER[part]];
  return { kind: "count", scope: "deployment", query: { ...query, filters } };
}

const UNREADABLE = "The index could not count this view just now.";

type Held = { heldWhole: boolean; indexedUpTo: number | null };

/**
 * Whether the index holds `deployment` whole (its backfill done, following the upstream) and
 * this process can read it; false where the sync's state cannot be read.
 */
async function heldWhole(deployment: string): Promise<Held> {
  try {
    const status = await indexStatus(deployment);
    const whole = status.state === "following" && (await indexState()).ok;
    return { heldWhole: whole, indexedUpTo: status.syncedAt };
  } catch {
    return { heldWhole: false, indexedUpTo: null };
  }
}

/**
 * Whether the index counts a deployment's plain view (READ_RULES.heldWhole): its overview then
 * costs the upstream nothing, and its page asks for it with the rows.
 */
export async function countedByIndex(deployment: string): Promise<boolean> {
  const view: ReadView = { kind: "count", scope: "deployment", query: DEFAULT_QUERY };
  return chooseSource(view, await heldWhole(deployment)).source === "index";
}

/**
 * A section of a deployment's overview (`deployment` absent: the upstream's counts alone). Only
 * a section the index answered is kept, so a view kept answers without reading the sync's state
 * again.
 */
export async function readDeploymentSection(
  deployment: string | undefined,
  request: SectionRequest,
  call: UsmCall,
  now: number,
  index: IndexInput & { store?: SharedStore } = {},
): Promise<OverviewSection> {
  const { part, query, search } = request;
  if (search) {
    // READ_RULES.search, with no state: the index answers with what it holds, saying how far.
    const choice = chooseSource({ ...countedView(part, query) });
    if (choice.source !== "index" || deployment === undefined) {
      throw new ApiError("internal", "A search's overview is counted by the index.");
    }
    return searchedSection([deployment], { ...request, search }, now, index);
  }
  const key = deployment === undefined ? null : sectionKey(deployment, request, now);
  let held: Held = { heldWhole: false, indexedUpTo: null };
  try {
    const cached =
      key === null ? null : await overviewCache().peek<OverviewSection>("overview-section", key);
    if (cached !== null) return cached.value();
    if (deployment !== undefined) held = await heldWhole(deployment);
  } catch {
    // the store failed: the upstream's counts answer
  }
  const source: IndexSource = { kind: "index", indexedUpTo: held.indexedUpTo };
  const view = countedView(part, query);
  const choice = chooseSource(view, held);
  if (choice.source === "refused") throw choice.error;
  if (choice.source === "upstream") return readOverviewPart(part, query, call);
  try {
    const state = await indexState();
    if (!state.ok) throw new ApiError("index_unavailable", state.reason);
    const read = () =>
      readIndex(
        state.database,
        (tx) => indexedOverviewPart(tx, [deployment!], part, query, now, source),
        { analyst: request.analyst },
      );
    return (await overviewCache().get("overview-section", key!, read)).value();
  } catch (error) {
    // The database failed mid-read: the row's fallback (the upstream's counts, or its refusal).
    const why = error instanceof ApiError ? error : new ApiError("index_unavailable", UNREADABLE);
    fallBack(choice, view, why);
    return readOverviewPart(part, query, call);
  }
}

/**
 * A section of the queue's overview, from the index, over the deployments of `scope` (none the
 * analyst may see: 404). Where the index does not hold
 * a deployment whole over the view's range yet, its `source` says `partial`: the counts are then
 * at least these.
 */
export async function readQueueSection(
  scope: SearchScope,
  request: SectionRequest,
  now: number,
  index: IndexInput & { store?: SharedStore } = {},
): Promise<OverviewSection> {
  const { part, query, search } = request;
  const keys = readable(scope);
  if (keys.length === 0) throw new ApiError("not_found", "There is no deployment you may see.");
  const choice = chooseSource({ kind: "count", scope: "all", query });
  if (choice.source !== "index")
    throw new ApiError("internal", "The queue is counted by the index.");
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
    const key = sectionKey(`all:${keys.join(",")}:${partial}`, request, now);
    const read = () =>
      readIndex(database, (tx) => indexedOverviewPart(tx, keys, part, query, now, source, search), {
        analyst: request.analyst,
      });
    return (await overviewCache(index.store).get("overview-section", key, read)).value();
  } catch (error) {
    throw asIndexUnavailable(error);
  }
}
