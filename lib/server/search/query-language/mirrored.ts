import "server-only";
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { NO_STATUS, type StatusFilter } from "@/lib/shared/alarms/query";
import type { CompareOp, SearchNode } from "@/lib/shared/search/ast";

// The conditions on the columns an alarm's document mirrors (status, priority, occurred time):
// the list's filters and the tree's top-level terms, which every match meets, so each document
// probe tests them where the word index's candidates are read (./compile.ts). The alarms without
// a status are the status filter's and the language's `none`.

/** A condition on a column the alarm's document mirrors (migration 0005), which every match meets. */
export interface Mirrored {
  column: "status" | "priority" | "occurred_at";
  /** `in or null`: any of the values, or none (the status filter's `none` among others). */
  op: CompareOp | "is" | "is not" | "in" | "in or null";
  /** A list with `in` (a filter's several values). */
  value: string | number | null | readonly string[];
}

/** The status filter's values as a mirrored condition, `none` the alarms without a status. */
export function statusMirrored(values: readonly StatusFilter[]): Mirrored {
  const named = values.filter((value) => value !== NO_STATUS);
  if (named.length === values.length) return { column: "status", op: "in", value: named };
  if (named.length === 0) return { column: "status", op: "is", value: null };
  return { column: "status", op: "in or null", value: named };
}

/** A mirrored condition on the alarm (`a`) or its document (`d`), which mirror the same columns. */
export function mirroredCondition(
  // Either table's builder: both have the mirrored columns, which the template names.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  eb: ExpressionBuilder<any, any>,
  table: "a" | "d",
  m: Mirrored,
): Expression<SqlBool> {
  const column = `${table}.${m.column}`;
  if (m.op !== "in or null") return eb(column, m.op, m.value);
  return eb.or([eb(column, "in", m.value), eb(column, "is", null)]);
}

/** A term of the tree on a column the document mirrors, as that condition (else null). */
export function mirroredTerm(node: SearchNode): Mirrored | null {
  if (node.type === "compare") {
    return node.field === "priority"
      ? { column: "priority", op: node.op, value: node.value }
      : null;
  }
  if (node.type !== "field" || node.field !== "status") return null;
  if (node.wildcard) return { column: "status", op: "is not", value: null };
  return node.value === NO_STATUS
    ? { column: "status", op: "is", value: null }
    : { column: "status", op: "=", value: node.value };
}
