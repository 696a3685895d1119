import "server-only";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { CompareNode, CompareOp, FieldNode } from "@/lib/shared/search/ast";
import { escapeLike, type Condition } from "@/lib/server/search/query-language/scope";

// The team's triage as terms of a search (./compile.ts): each reads the alarm's triage row
// (triage_alarms) or its notes (triage_notes) through an `exists` keyed by a.deployment and
// a.uuid, every value a parameter. Closed means closed by the team (closed_at is set), whatever
// the upstream's status says.

/** Whether the alarm's triage row meets `test` (an alarm nobody acted on has none). */
function triaged(test: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from triage_alarms t
    where t.deployment = a.deployment and t.uuid = a.uuid and ${test})`;
}

const closed = sql<SqlBool>`t.closed_at is not null`;

const COMPARE_OPS: ReadonlySet<string> = new Set<CompareOp>(["=", ">", ">=", "<", "<="]);

/**
 * An analyst's column (`t.owner_id`, `t.closed_by`) naming `me` (the analyst the search was read
 * for; else, as in the live queue's shared watches, no one), a handle, or its first characters.
 */
function analystIs(column: RawBuilder<unknown>, node: FieldNode): RawBuilder<SqlBool> {
  if (node.value === "me" && !node.prefix) {
    return node.analyst ? sql<SqlBool>`${column} = ${node.analyst}` : sql<SqlBool>`false`;
  }
  const handle = node.prefix
    ? sql<SqlBool>`lower(n.handle) like ${`${escapeLike(node.value)}%`}`
    : sql<SqlBool>`lower(n.handle) = ${node.value}`;
  return sql<SqlBool>`${column} in (select n.id from analysts n where ${handle})`;
}

/** `note:"INC-4711"`: a note not deleted holds the text, in any case; `note:*` any note. */
function noted(node: FieldNode): Condition {
  if (node.wildcard) return triaged(sql<SqlBool>`t.notes > 0`);
  return sql<SqlBool>`exists (
    select 1 from triage_notes n
    where n.deployment = a.deployment and n.uuid = a.uuid and n.deleted_at is null
      and strpos(lower(n.text), ${node.value}) > 0)`;
}

/**
 * The team's triage: `owner:me|none|alice|ali*|*`, `acknowledged:true|false`, `has:notes`,
 * `closed:true|false`, `verdict:<verdict>|*`, `closed_by:me|alice|ali*|*`, `note:"text"|*`.
 */
export function triage(node: FieldNode): Condition {
  const owned = sql<SqlBool>`t.owner_id is not null`;
  const acknowledged = sql<SqlBool>`t.acknowledged_at is not null`;
  switch (node.field) {
    case "owner":
      if (node.wildcard) return triaged(owned);
      if (node.value === "none" && !node.prefix) return sql<SqlBool>`not ${triaged(owned)}`;
      return triaged(analystIs(sql`t.owner_id`, node));
    case "acknowledged":
      return node.value === "false" && !node.wildcard
        ? sql<SqlBool>`not ${triaged(acknowledged)}`
        : triaged(acknowledged);
    case "closed":
      return node.value === "false" && !node.wildcard
        ? sql<SqlBool>`not ${triaged(closed)}`
        : triaged(closed);
    case "verdict":
      return node.wildcard
        ? triaged(sql<SqlBool>`${closed} and t.verdict is not null`)
        : triaged(sql<SqlBool>`${closed} and t.verdict = ${node.value}`);
    case "closed_by":
      if (node.wildcard) return triaged(closed);
      return triaged(sql<SqlBool>`${closed} and ${analystIs(sql`t.closed_by`, node)}`);
    case "note":
      return noted(node);
    default:
      return triaged(sql<SqlBool>`t.notes > 0`);
  }
}

/** `closed_at >= <time>`: closed by the team, at a time that compares so. */
export function closedAt(node: CompareNode): Condition {
  // The operator is one of the tree's closed set, checked again so a tree built by hand cannot
  // carry SQL: it is the one piece of text not sent as a parameter.
  if (!COMPARE_OPS.has(node.op)) throw new TypeError(`closedAt: '${node.op}' is no comparison`);
  const op = sql.raw(node.op);
  return triaged(sql<SqlBool>`${closed} and t.closed_at ${op} ${node.value}`);
}
