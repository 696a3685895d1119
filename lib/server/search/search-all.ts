import "server-only";
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "@/lib/server/db";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import type { AlarmSummary, IndexSource } from "@/lib/shared/alarms/types";
import { ApiError } from "@/lib/shared/core/errors";
import type { SearchScope } from "@/lib/server/search/query-language/compile";
import { indexSource } from "@/lib/server/mirror/indexed-up-to";
import {
  MATCH_CAP,
  countMatches,
  documents,
  type Key,
  type SearchLimits,
} from "@/lib/server/search/search";
import { readable, whereOf, withWords, type SearchWhere } from "@/lib/server/search/search-where";

// A search of several deployments at once (the list of every deployment, /d/all/alarms?q=): one query over
// every deployment the analyst may see among those asked for, newest first, paged by the merged
// queue's own cursor (lib/server/queue/cursor.ts): per deployment an exclusive cut
// [occurredMs, uuid] in its (occurred, uuid) order, "" below and "~" above every alarm of that
// millisecond. The page's order is (occurred, deployment, uuid), newest first. As for one
// deployment the matches are counted first, up to a cap: few are gathered whole and sorted; many
// are read per deployment from its (deployment, occurred_at desc) index, the nearest `size` of
// each, and merged.

type Db = Kysely<Database>;

export interface SearchCursor {
  direction: "older" | "newer";
  /** Per deployment: exclusive cut [occurredMs, uuid or "" / "~"]; absent = at the top. */
  positions: Record<string, [number, string]>;
}

export interface AllSearchPage {
  /** Newest first. */
  alarms: AlarmSummary[];
  older: SearchCursor | null;
  newer: SearchCursor | null;
  deployments: string[];
  matches: { count: number; isLowerBound: boolean };
  source: IndexSource;
}

const BELOW = "";
const ABOVE = "~";

type Row = Key & { occurred_at: number };

function invalidCursor(): ApiError {
  return new ApiError(
    "invalid_request",
    "cursor: this link's place in the queue cannot be read; start again from the newest alarms",
    { param: "cursor" },
  );
}

/** The rows of deployment `key` beyond its cut, in the cursor's direction; null: none at all. */
function beyond(
  eb: SearchScope,
  key: string,
  cursor: SearchCursor | null,
): Expression<SqlBool> | null {
  const position = cursor?.positions[key];
  const newer = cursor?.direction === "newer";
  if (!position) return newer ? null : eb.lit(true);
  const [ms, uuid] = position;
  // Beyond the cut: above it for a newer page, below it for an older one.
  const [after, through] = newer ? ([">", ">="] as const) : (["<", "<="] as const);
  if (uuid === BELOW) return eb("a.occurred_at", newer ? through : after, ms);
  if (uuid === ABOVE) return eb("a.occurred_at", newer ? after : through, ms);
  if (!isAlarmUuid(uuid)) throw invalidCursor();
  return eb.or([
    eb("a.occurred_at", after, ms),
    eb.and([eb("a.occurred_at", "=", ms), eb("a.uuid", after, uuid.toLowerCase())]),
  ]);
}

const DESC = sql`order by occurred_at desc, deployment collate "C" desc, uuid desc`;
const ASC = sql`order by occurred_at asc, deployment collate "C" asc, uuid asc`;

/** The nearest `limit` matches beyond the cursor, in the direction's order (newer: oldest first). */
async function nearest(
  db: Db,
  where: SearchWhere,
  cursor: SearchCursor | null,
  limit: number,
  many: boolean,
): Promise<Row[]> {
  const newer = cursor?.direction === "newer";
  const keys = readable(where).filter((key) => !newer || cursor?.positions[key]);
  if (keys.length === 0) return [];
  const branch = (deploymentKeys: string[]) =>
    db
      .selectFrom("alarms as a")
      .select(["a.deployment", "a.uuid", "a.occurred_at"])
      .where((eb) =>
        eb.and([
          whereOf(eb, { ...where, deployments: deploymentKeys }),
          // Each deployment's own cut applies to its own rows.
          eb.or(
            deploymentKeys.map((key) =>
              eb.and([eb("a.deployment", "=", key), beyond(eb, key, cursor) ?? eb.lit(false)]),
            ),
          ),
        ]),
      );
  const order = newer ? ASC : DESC;
  if (!many) {
    const { rows } = await sql<Row>`
      with m as materialized (${branch(keys)})
      select deployment, uuid, occurred_at from m ${order} limit ${limit}`.execute(db);
    return rows;
  }
  // Each deployment from its own index (a subquery each: order and limit stay inside).
  const way = newer ? "asc" : "desc";
  const per = keys.map((key) =>
    branch([key]).orderBy("a.occurred_at", way).orderBy("a.uuid", way).limit(limit),
  );
  const { rows } = await sql<Row>`
    select deployment, uuid, occurred_at from (${sql.join(per, sql` union all `)}) as u
    ${order} limit ${limit}`.execute(db);
  return rows;
}

/** The cut after `row` (older) or before it (newer) for every deployment of the page. */
function cutAt(row: Row, direction: SearchCursor["direction"], keys: string[]): SearchCursor {
  const positions: SearchCursor["positions"] = {};
  for (const key of keys) {
    const uuid =
      key === row.deployment
        ? row.uuid
        : // Newest first, a deployment sorting after `row`'s comes before it within a millisecond.
          key > row.deployment
          ? BELOW
          : ABOVE;
    positions[key] = [row.occurred_at, uuid];
  }
  return { direction, positions };
}

/**
 * One page of a search over several deployments, newest first, by cursor. Filters alone
 * (several values of one) are counted whole: exact, as a list's count is.
 */
export async function searchAllPage(
  db: Db,
  request: SearchWhere,
  { size, cursor }: { size: number; cursor: SearchCursor | null },
  limits: SearchLimits = { cap: MATCH_CAP },
): Promise<AllSearchPage> {
  const where = await withWords(db, request);
  const keys = readable(where);
  const { cap } = limits;
  const exact = where.search === null;
  const matches = keys.length === 0 ? 0 : await countMatches(db, where, exact ? null : cap);
  const fetched = matches === 0 ? [] : await nearest(db, where, cursor, size + 1, matches > cap);
  const more = fetched.length > size;
  const newer = cursor?.direction === "newer";
  const shown = fetched.slice(0, size);
  if (newer) shown.reverse();
  const first = shown[0];
  const last = shown.at(-1);
  return {
    alarms: await documents(db, keys, shown),
    older: last && (newer || more) ? cutAt(last, "older", keys) : null,
    newer: first && (newer ? more : cursor !== null) ? cutAt(first, "newer", keys) : null,
    deployments: keys,
    matches: exact
      ? { count: matches, isLowerBound: false }
      : { count: Math.min(matches, cap), isLowerBound: matches > cap },
    source: await indexSource(db, keys),
  };
}
