import "server-only";
import { isIP } from "node:net";
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "@/lib/server/db";
import type { PivotValue } from "@/lib/shared/search/pivot-link";
import { PIVOT_COUNT_CAP, type PivotCount } from "@/lib/shared/search/pivots";

// How many alarms of one deployment carry each of a detail's values in a time range: one
// statement for every value, each a capped count over the btree that answers it (addresses:
// alarm_addresses (deployment, address, occurred_at); hosts and users: alarm_entities
// (deployment, kind, value, occurred_at); sensor, strategy, method and technique: the narrow
// table's lower-cased indexes, migration 0002). Values compare as the search language compares
// them (lower-cased, trimmed; a technique id takes its sub-techniques), so a count is what the
// list searching for the value finds. Every value is a parameter.

/** A range of occurred times, epoch ms, inclusive; null: unbounded on that side. */
export interface PivotWindow {
  gte: number | null;
  lte: number | null;
}

/** `column` within the window, as one condition (column names are this module's own). */
export function inWindow(column: string, window: PivotWindow): Expression<SqlBool> {
  const parts = [
    ...(window.gte !== null ? [sql`${sql.ref(column)} >= ${window.gte}`] : []),
    ...(window.lte !== null ? [sql`${sql.ref(column)} <= ${window.lte}`] : []),
  ];
  return parts.length > 0 ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
}

/** How the search language reads a value of a named field: trimmed, lower-cased. */
export const searchForm = (value: string) => value.trim().toLowerCase();

const NAMED_COLUMNS = {
  sensor: "a.sensor",
  strategy: "a.rule_strategy",
  method: "a.rule_method",
} as const;

type Count = Expression<unknown>;

/**
 * The count of one value, capped. Side-table rows are per side, so one alarm can hold a value
 * twice: twice the cap of rows always holds more than the cap of distinct alarms when there are.
 */
function countOf(
  db: Kysely<Database>,
  deployment: string,
  pivot: PivotValue,
  window: PivotWindow,
  cap: number,
): Count {
  const value = searchForm(pivot.value);
  switch (pivot.field) {
    case "ip": {
      // Checked by the route; checked again so the cast can never fail the statement.
      if (!isIP(pivot.value.trim())) return sql<number>`0`;
      const rows = db
        .selectFrom("alarm_addresses as x")
        .select("x.uuid")
        .where("x.deployment", "=", deployment)
        .where(sql<SqlBool>`x.address = ${pivot.value.trim()}::inet`)
        .where(inWindow("x.occurred_at", window))
        .limit(2 * (cap + 1));
      return db.selectFrom(rows.as("m")).select(sql<number>`count(distinct m.uuid)`.as("n"));
    }
    case "host":
    case "user": {
      const rows = db
        .selectFrom("alarm_entities as e")
        .select("e.uuid")
        .where("e.deployment", "=", deployment)
        .where("e.kind", "=", pivot.field)
        .where("e.value", "=", value)
        .where(inWindow("e.occurred_at", window))
        .limit(2 * (cap + 1));
      return db.selectFrom(rows.as("m")).select(sql<number>`count(distinct m.uuid)`.as("n"));
    }
    case "sensor":
    case "strategy":
    case "method": {
      const column = NAMED_COLUMNS[pivot.field];
      // Nothing but the index's own columns: an index-only scan where the table is vacuumed.
      const rows = db
        .selectFrom("alarms as a")
        .select(sql<number>`1`.as("one"))
        .where("a.deployment", "=", deployment)
        .where((eb) => eb(eb.fn("lower", [eb.ref(column)]), "=", value))
        .where(inWindow("a.occurred_at", window))
        .limit(cap + 1);
      return db.selectFrom(rows.as("m")).select(sql<number>`count(*)`.as("n"));
    }
    case "technique": {
      // As the search reads technique:T1110: the id, its sub-techniques (T1110.001) and the name.
      // One capped index scan each, united (an OR would read every match into a bitmap first).
      const branch = (column: "a.attack_id" | "a.attack_technique", like = false) =>
        db
          .selectFrom(
            db
              .selectFrom("alarms as a")
              .select("a.uuid")
              .where("a.deployment", "=", deployment)
              .where((eb) =>
                eb(
                  eb.fn("lower", [eb.ref(column)]),
                  like ? "like" : "=",
                  like ? `${value}.%` : value,
                ),
              )
              .where(inWindow("a.occurred_at", window))
              .limit(cap + 1)
              .as("b"),
          )
          .selectAll();
      const subTechniques = /^t[0-9]{4}$/.test(value);
      const rows = branch("a.attack_id")
        .union(branch("a.attack_technique"))
        .$if(subTechniques, (q) => q.union(branch("a.attack_id", true)));
      return db.selectFrom(rows.as("m")).select(sql<number>`count(*)`.as("n"));
    }
  }
}

/** Each value's count of alarms in `window` (at most `cap`, then `capped`), in the order given. */
export async function pivotCounts(
  db: Kysely<Database>,
  deployment: string,
  values: readonly PivotValue[],
  window: PivotWindow,
  cap = PIVOT_COUNT_CAP,
): Promise<PivotCount[]> {
  if (values.length === 0) return [];
  const row = await db
    .selectNoFrom(() =>
      values.map((pivot, index) =>
        sql<number>`(${countOf(db, deployment, pivot, window, cap)})`.as(`c${index}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, number | string>;
  return values.map((pivot, index) => {
    const found = Number(counts[`c${index}`] ?? 0);
    return { ...pivot, count: Math.min(found, cap), capped: found > cap };
  });
}
