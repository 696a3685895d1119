import "server-only";
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database } from "@/lib/server/db";
import type { AlarmListQuery, SortField } from "@/lib/shared/alarms/query";
import { readable, whereOf, type SearchWhere } from "@/lib/server/search/search-where";

// The order of a list's page in the index, and a page of filters alone over several deployments
// (the queue of every deployment): each deployment's nearest rows read from its own index in the
// page's order, then merged. Asked for the whole set's order with `deployment in (…)`, the planner
// cannot walk one deployment's index for all of them and sorts every row in range instead.

type Db = Kysely<Database>;

const COLUMN = {
  timestamp_occured: "occurred_at",
  timestamp_received: "received_at",
  priority: "priority",
  status: "status",
  rule_intent: "rule_intent",
  rule_strategy: "rule_strategy",
  rule_method: "rule_method",
} as const satisfies Record<SortField, string>;

/** Columns that may be null: they go last whichever way the list is sorted. */
const NULLABLE = new Set<string>([
  "received_at",
  "status",
  "rule_intent",
  "rule_strategy",
  "rule_method",
]);

export type Term = { column: string; desc: boolean; nullsLast: boolean };

/** The order of a page: the sort, then newest first, then the id (so paging is stable). */
export function orderTerms(sort: AlarmListQuery["sort"]): Term[] {
  const column = COLUMN[sort.field];
  const desc = sort.direction === "desc";
  if (column === "occurred_at") {
    // The index is (deployment, occurred_at desc, uuid): read forwards or backwards as it is.
    return [
      { column, desc, nullsLast: false },
      { column: "deployment", desc: false, nullsLast: false },
      { column: "uuid", desc: !desc, nullsLast: false },
    ];
  }
  return [
    { column, desc, nullsLast: NULLABLE.has(column) },
    { column: "occurred_at", desc: true, nullsLast: false },
    { column: "deployment", desc: false, nullsLast: false },
    { column: "uuid", desc: false, nullsLast: false },
  ];
}

/** `query` ordered by `terms` over the table (or CTE) named `from`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for the table and its CTE
export function ordered<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  from: string,
  terms: Term[],
): Q {
  return terms.reduce(
    (q, term) =>
      q.orderBy(sql.ref(`${from}.${term.column}`), (ob) => {
        const way = term.desc ? ob.desc() : ob.asc();
        return term.nullsLast ? way.nullsLast() : way;
      }) as Q,
    query,
  );
}

/** Where a page lies in its order: the order's terms, its size and its offset. */
export type Place = { terms: Term[]; limit: number; offset: number };

export type Key = { deployment: string; uuid: string };

/**
 * The keys of one page of a view of filters alone over several deployments: the first
 * `offset + limit` rows of each deployment in the page's order (one index walk each), merged in
 * that order. A deep page reads as many rows of each deployment as the page lies deep.
 */
export async function perDeploymentKeys(db: Db, where: SearchWhere, place: Place): Promise<Key[]> {
  const columns = [...new Set(place.terms.map((term) => term.column))];
  const branches = readable(where).map((key) =>
    ordered(
      db
        .selectFrom("alarms as a")
        .select(columns.map((column) => sql.ref(`a.${column}`).as(column)))
        .where((eb) => whereOf(eb, { ...where, deployments: [key] })),
      "a",
      place.terms,
    ).limit(place.offset + place.limit),
  );
  if (branches.length === 0) return [];
  const order = sql.join(
    place.terms.map(
      (term) =>
        sql`${sql.ref(`u.${term.column}`)} ${sql.raw(term.desc ? "desc" : "asc")}${sql.raw(
          term.nullsLast ? " nulls last" : "",
        )}`,
    ),
  );
  const { rows } = await sql<Key>`
    select u.deployment, u.uuid from (${sql.join(branches, sql` union all `)}) as u
    order by ${order} limit ${place.limit} offset ${place.offset}`.execute(db);
  return rows;
}
