import "server-only";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { FieldNode } from "@/lib/shared/search/ast";
import { escapeLike, type Condition } from "@/lib/server/search/query-language/scope";

// The team's triage as terms of a search (./compile.ts): each reads the alarm's triage row
// (triage_alarms) through an `exists` keyed by a.deployment and a.uuid, every value a parameter.

/** Whether the alarm's triage row meets `test` (an alarm nobody acted on has none). */
function triaged(test: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from triage_alarms t
    where t.deployment = a.deployment and t.uuid = a.uuid and ${test})`;
}

/**
 * The team's triage: `owner:me` (the analyst the search was read for; else, as in
 * the live queue's shared watches, no one),
 * `owner:none`, `owner:alice` (a handle, or its first characters and *), `owner:*`,
 * `acknowledged:true|false`, `has:notes`.
 */
export function triage(node: FieldNode): Condition {
  const owned = sql<SqlBool>`t.owner_id is not null`;
  const acknowledged = sql<SqlBool>`t.acknowledged_at is not null`;
  switch (node.field) {
    case "owner": {
      if (node.wildcard) return triaged(owned);
      if (node.value === "none" && !node.prefix) return sql<SqlBool>`not ${triaged(owned)}`;
      if (node.value === "me" && !node.prefix) {
        const me = node.analyst;
        return me ? triaged(sql<SqlBool>`t.owner_id = ${me}`) : sql<SqlBool>`false`;
      }
      const handle = node.prefix
        ? sql<SqlBool>`lower(n.handle) like ${`${escapeLike(node.value)}%`}`
        : sql<SqlBool>`lower(n.handle) = ${node.value}`;
      return triaged(sql<SqlBool>`t.owner_id in (select n.id from analysts n where ${handle})`);
    }
    case "acknowledged":
      return node.value === "false" && !node.wildcard
        ? sql<SqlBool>`not ${triaged(acknowledged)}`
        : triaged(acknowledged);
    default:
      return triaged(sql<SqlBool>`t.notes > 0`);
  }
}
