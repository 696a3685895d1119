import "server-only";
import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "@/lib/server/db";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import type { SearchNode } from "@/lib/shared/search/ast";
import { countMatches, documents, orderTerms, type Key } from "@/lib/server/search/search";
import { readable, whereOf, withWords, type SearchWhere } from "@/lib/server/search/search-where";

// An export's reads of the index (server-only): a view's count, and its alarms a page at a time
// in exactly the list's order (orderTerms: the sort, then newest first, deployment, uuid), each
// page starting after the last row of the one before (a keyset on every term of the order, with
// its directions and its nulls last). The caller runs each call in its own short read-only
// transaction: PGlite runs one statement at a time for everyone, so no statement or transaction
// may span the export. Every statement holds its rows to the deployments the analyst may see (whereOf), and the
// documents are read for those alone (documents).
//
// An arrival never shifts what is still to be read (a keyset, not an offset). Each deployment's
// rows are read from its own index in the order and merged (one `deployment in (…)` over several
// would have the planner sort every row in range for each page).

type Db = Kysely<Database>;

export interface ExportView {
  /** The deployments the analyst may see: no row of any other is ever read. */
  allowed: readonly string[];
  /** The deployments to export (those not allowed are dropped). */
  deployments: readonly string[];
  /** The parsed `q`; null = the filters alone. */
  search: SearchNode | null;
  /** The sort and filters: the range resolved and the upper bound frozen (freezeQuery). */
  query: AlarmListQuery;
}

/** Where an export stands: the last row written, as its values of the order's columns. */
export type ExportPosition = readonly (string | number | null)[];

export interface ExportPage {
  /** The page's alarms in the order (a document the sync wrote in another shape is left out). */
  alarms: AlarmSummary[];
  /** How many rows the page read: fewer than asked = the view's end. */
  read: number;
  /** The page's last row, to read on from; null when the page is empty. */
  last: ExportPosition | null;
}

type Term = ReturnType<typeof orderTerms>[number];

const whereFor = (db: Db, view: ExportView): Promise<SearchWhere> =>
  withWords(db, { ...view, filters: view.query.filters });

/**
 * How many alarms the view holds: exactly for filters alone, a search counted up to `cap` + 1
 * (more than the cap: the file stops there anyway).
 */
export async function countExport(db: Db, view: ExportView, cap: number): Promise<number> {
  const where = await whereFor(db, view);
  if (readable(where).length === 0) return 0;
  return countMatches(db, where, view.search === null ? null : cap);
}

/** The next `size` alarms of the view after `after` (null: from the first). */
export async function exportPage(
  db: Db,
  view: ExportView,
  after: ExportPosition | null,
  size: number,
): Promise<ExportPage> {
  const where = await whereFor(db, view);
  const deployments = readable(where);
  if (deployments.length === 0) return { alarms: [], read: 0, last: null };
  const terms = orderTerms(view.query.sort);
  const columns = [...new Set(terms.map((term) => term.column))];
  const branch = (deployment: string) =>
    db
      .selectFrom("alarms as a")
      .select(columns.map((column) => sql.ref(`a.${column}`).as(column)))
      .where((eb) => whereOf(eb, { ...where, deployments: [deployment] }))
      .$if(after !== null, (q) => q.where(beyond(terms, after!, "a")))
      .orderBy(orderOf(terms, "a"))
      .limit(size);
  const [only, ...more] = deployments.map(branch);
  const rows =
    more.length === 0
      ? await only!.execute()
      : (
          await sql<Record<string, unknown>>`
            select * from (${sql.join([only!, ...more], sql` union all `)}) as u
            order by ${orderOf(terms, "u")} limit ${size}`.execute(db)
        ).rows;
  const keys: Key[] = rows.map((row) => ({
    deployment: String(row.deployment),
    uuid: String(row.uuid),
  }));
  // A page longer than one read of keys is read a part at a time (KEYS_PER_READ).
  const alarms = await documents(db, deployments, keys);
  const last = rows.at(-1);
  return {
    alarms,
    read: rows.length,
    last: last ? terms.map((term) => positionValue(last[term.column])) : null,
  };
}

function positionValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  return typeof value === "number" ? value : String(value);
}

/** `order by` of the terms over `from` (each column named by the order, never by the request). */
function orderOf(terms: readonly Term[], from: string): RawBuilder<unknown> {
  return sql.join(
    terms.map(
      (term) =>
        sql`${sql.ref(`${from}.${term.column}`)} ${sql.raw(term.desc ? "desc" : "asc")}${sql.raw(
          term.nullsLast ? " nulls last" : "",
        )}`,
    ),
  );
}

/**
 * The rows after `position` in the order of `terms`: for some term, every term before it equal
 * and this one beyond. Beyond a value, nulls last, are the values past it and the nulls; beyond a
 * null, nothing. The first term's bound is repeated on its own so that an index of the order
 * (alarms_newest, alarms_priority) reads from the position instead of from the top.
 */
function beyond(
  terms: readonly Term[],
  position: ExportPosition,
  from: string,
): RawBuilder<SqlBool> {
  const ref = (term: Term) => sql.ref(`${from}.${term.column}`);
  const equal = (term: Term, value: string | number | null) =>
    value === null ? sql<SqlBool>`${ref(term)} is null` : sql<SqlBool>`${ref(term)} = ${value}`;
  const past = (term: Term, value: string | number | null, inclusive: boolean) => {
    if (value === null) return null;
    const op = sql.raw(`${term.desc ? "<" : ">"}${inclusive ? "=" : ""}`);
    const compared = sql<SqlBool>`${ref(term)} ${op} ${value}`;
    return term.nullsLast ? sql<SqlBool>`(${compared} or ${ref(term)} is null)` : compared;
  };
  const branches: RawBuilder<SqlBool>[] = [];
  terms.forEach((term, i) => {
    const beyondHere = past(term, position[i] ?? null, false);
    if (beyondHere === null) return;
    const same = terms.slice(0, i).map((before, j) => equal(before, position[j] ?? null));
    branches.push(sql<SqlBool>`(${sql.join([...same, beyondHere], sql` and `)})`);
  });
  if (branches.length === 0) return sql<SqlBool>`false`;
  const any = sql<SqlBool>`(${sql.join(branches, sql` or `)})`;
  const first = terms[0]!;
  const from0 = position[0] ?? null;
  const bound = from0 === null ? equal(first, null) : past(first, from0, true)!;
  return sql<SqlBool>`(${bound} and ${any})`;
}
