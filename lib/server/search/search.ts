import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import { alarmSummarySchema } from "@/lib/server/core/shapes";
import { formatCount } from "@/lib/shared/alarms/format";
import { resolveRange, type AlarmListQuery } from "@/lib/shared/alarms/query";
import type { AlarmPage, AlarmSummary } from "@/lib/shared/alarms/types";
import { ApiError } from "@/lib/shared/core/errors";
import type { SearchNode } from "@/lib/shared/search/ast";
import { indexSource } from "@/lib/server/mirror/indexed-up-to";
import type { SearchScope } from "@/lib/server/search/query-language/compile";
import { readable, whereOf, withWords, type SearchWhere } from "@/lib/server/search/search-where";
import {
  orderTerms,
  ordered,
  perDeploymentKeys,
  type Key,
  type Place,
} from "@/lib/server/search/search-order";

export { orderTerms, type Key };

// A page of a search, from the index: the same AlarmPage the upstream's list answers, plus where
// it came from. The query shapes decide more than the engine (measured at 1M alarms, see the
// issue: without them 0.5-1.3 s): the matches are counted first, up to a cap, and the count picks
// the plan. Few matches are gathered whole (a materialised CTE) and sorted; many walk the
// alarms in the page's order (alarms_newest, alarms_priority), probing each row, which finds a
// page at once when matches are dense, and are gathered after all when the walk's reach holds too
// few of them. The planner, asked for "newest 50" of a rare term, would otherwise walk the whole
// time index; asked for a common one with filters, it gathered 8,000 matches to sort them
// (search-where's plans say how each is kept). Rows are the documents of alarm_docs, read only
// for the page.

/** Matches are counted up to this: more is said as "2,000 or more", and paged no further. */
export const MATCH_CAP = 2_000;

export interface SearchRequest {
  /** The deployments the analyst may see. */
  allowed: readonly string[];
  /** The deployments to read (one for a deployment's list). */
  deployments: readonly string[];
  /** The parsed `q`. */
  search: SearchNode | null;
  /** Page, size, sort and filters; a rolling range is resolved against `now`. */
  query: AlarmListQuery;
}

type Db = Kysely<Database>;

/** The orders an index of the alarms has (alarms_newest, alarms_priority): a page walks them. */
const WALKED = new Set(["occurred_at", "priority"]);

/** How far a search counts and pages (a test's smaller cap takes the other plan sooner). */
export interface SearchLimits {
  cap: number;
}

const LIMITS: SearchLimits = { cap: MATCH_CAP };

/**
 * How many rows match, counted up to `cap` + 1 (more is "more than the cap"); every one without
 * a cap (null).
 */
export async function countMatches(
  db: Db,
  where: SearchWhere,
  cap: number | null,
): Promise<number> {
  const matching = db
    .selectFrom("alarms as a")
    .select(sql<number>`1`.as("one"))
    .where((eb) => whereOf(eb, where));
  const row = await db
    .selectFrom((cap === null ? matching : matching.limit(cap + 1)).as("m"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The keys of one page of matches, by the plan the count chose. */
export async function pageKeys(
  db: Db,
  where: SearchWhere,
  place: Place,
  many: boolean,
): Promise<Key[]> {
  // Filters alone are plain conditions on the narrow table's columns, whose indexes (newest,
  // by status, by priority) the planner walks in the page's order or sorts from: no word to
  // probe, so the search's own plans would only gather what the planner reads in place.
  if (where.search === null) {
    return readable(where).length > 1
      ? perDeploymentKeys(db, where, place)
      : plannedKeys(db, where, place);
  }
  if (many && WALKED.has(place.terms[0]!.column)) {
    const walked = await walkedKeys(db, where, place);
    // Short: the page's matches lie beyond the walk's reach (there are more than the cap).
    if (walked.length === place.limit) return walked;
  } else if (many) {
    // In an order no index has, every row would be probed before the sort: the planner chooses.
    return plannedKeys(db, where, place);
  }
  return gatheredKeys(db, where, place);
}

/** The page as the planner reads it: one ordered query. */
function plannedKeys(db: Db, where: SearchWhere, place: Place): Promise<Key[]> {
  const found = db
    .selectFrom("alarms as a")
    .select(["a.deployment", "a.uuid"])
    .where((eb) => whereOf(eb, where));
  return ordered(found, "a", place.terms).limit(place.limit).offset(place.offset).execute();
}

/**
 * A walk reads the alarms in the page's order up to this many per match the page needs (capped),
 * probing each: dense matches fill the page at once; matches that lie far back (an indicator
 * last seen weeks ago) are gathered instead of walked to.
 */
const WALK_ROWS_PER_MATCH = 100;
const WALK_ROWS_MAX = 20_000;

/** The page from the nearest alarms in its order (fewer keys than asked: beyond the reach). */
async function walkedKeys(db: Db, where: SearchWhere, place: Place): Promise<Key[]> {
  const reach = Math.min(WALK_ROWS_MAX, WALK_ROWS_PER_MATCH * (place.offset + place.limit));
  // The list's filters narrow the walk itself (an index of the alarms serves them).
  const listed = db
    .selectFrom("alarms as a")
    .selectAll("a")
    .where((eb) => whereOf(eb, { ...where, search: null }));
  const nearest = ordered(listed, "a", place.terms).limit(reach);
  const walk = db
    .selectFrom(nearest.as("a"))
    .select(["a.deployment", "a.uuid"])
    .where((eb) => whereOf(eb as unknown as SearchScope, where, "walk"));
  return ordered(walk, "a", place.terms).limit(place.limit).offset(place.offset).execute();
}

/** The page from every match, gathered and sorted (few matches, or none near in the order). */
async function gatheredKeys(db: Db, where: SearchWhere, place: Place): Promise<Key[]> {
  const gathered = db
    .with(
      (cte) => cte("m").materialized(),
      (inner) =>
        inner
          .selectFrom("alarms as a")
          .select([
            "a.deployment",
            "a.uuid",
            "a.occurred_at",
            "a.received_at",
            "a.priority",
            "a.status",
            "a.rule_intent",
            "a.rule_strategy",
            "a.rule_method",
          ])
          .where((eb) => whereOf(eb, where)),
    )
    .selectFrom("m")
    .select(["m.deployment", "m.uuid"]);
  return ordered(gathered, "m", place.terms).limit(place.limit).offset(place.offset).execute();
}

/**
 * The most (deployment, uuid) keys one statement looks up: PGlite 0.5 reads a longer list of
 * keys wrongly (no row outside a transaction, "bad buffer ID: 0" inside one, past about 260;
 * measured by lib/server/export/index-export.test.ts and a live window of 300), so longer lists
 * are read a part at a time.
 */
export const KEYS_PER_READ = 100;

/** The alarms of `keys`, in their order, from their documents (only deployments in `readable`). */
export async function documents(
  db: Db,
  readableKeys: readonly string[],
  keys: readonly Key[],
): Promise<AlarmSummary[]> {
  if (keys.length > KEYS_PER_READ) {
    const alarms: AlarmSummary[] = [];
    for (let at = 0; at < keys.length; at += KEYS_PER_READ) {
      alarms.push(...(await documents(db, readableKeys, keys.slice(at, at + KEYS_PER_READ))));
    }
    return alarms;
  }
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom("alarm_docs as d")
    .select(["d.deployment", "d.uuid", "d.summary"])
    .where("d.deployment", "in", [...readableKeys])
    .where(({ eb, refTuple, tuple }) =>
      eb(
        refTuple("d.deployment", "d.uuid"),
        "in",
        keys.map((key) => tuple(key.deployment, key.uuid)),
      ),
    )
    .execute();
  const byKey = new Map(rows.map((row) => [`${row.deployment}/${row.uuid}`, row]));
  return keys.flatMap((key) => {
    const row = byKey.get(`${key.deployment}/${key.uuid}`);
    const parsed = row ? alarmSummarySchema.safeParse(row.summary) : null;
    // A document the sync wrote in another shape is left out until it writes it again.
    if (!parsed?.success) return [];
    // The row's deployment is the truth: a document never speaks for another deployment.
    return [{ ...parsed.data, deployment: key.deployment }];
  });
}

function pageTooDeep(cap: number): ApiError {
  return new ApiError(
    "invalid_request",
    `page: a search pages through its first ${formatCount(cap)} matches; narrow it to see further`,
    { param: "page" },
  );
}

/**
 * One page of a search: AlarmPage with its source; a capped count says it is a lower bound. A
 * view of filters alone (several values of one: the upstream filters by one) is counted whole
 * and paged as far as the list's own pages go, its numbers as exact as the upstream's.
 */
export async function searchAlarmPage(
  db: Db,
  request: SearchRequest,
  now: number,
  limits: SearchLimits = LIMITS,
): Promise<AlarmPage> {
  const query = resolveRange(request.query, now);
  const { page, size, filters } = query;
  const cap = request.search === null ? null : limits.cap;
  if (cap !== null && page * size >= cap) throw pageTooDeep(cap);
  const terms = orderTerms(query.sort);
  const where = await withWords(db, { ...request, filters });
  const keys = readable(where);
  const occurred = {
    gte: filters.timestamp_occured_gte ?? null,
    lte: filters.timestamp_occured_lte ?? null,
  };
  const matches = keys.length === 0 ? 0 : await countMatches(db, where, cap);
  const place = { terms, limit: size, offset: page * size };
  const capped = cap !== null && matches > cap;
  // Past the last match (an old link, a view that shrank) there is no page to read.
  const rows = place.offset >= matches ? [] : await pageKeys(db, where, place, capped);
  const total = cap === null ? matches : Math.min(matches, cap);
  return {
    alarms: await documents(db, keys, rows),
    page: {
      number: page,
      size,
      totalElements: total,
      totalPages: Math.ceil(total / size),
      ...(capped ? { totalIsLowerBound: true } : {}),
    },
    occurred,
    readAt: now,
    source: await indexSource(db, keys),
  };
}
