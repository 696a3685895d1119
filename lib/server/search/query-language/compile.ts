import "server-only";
import { sql, type SqlBool } from "kysely";
import { NO_STATUS } from "@/lib/shared/alarms/query";
import type { FieldNode, SearchNode, TextNode } from "@/lib/shared/search/ast";
import { mirroredTerm } from "@/lib/server/search/query-language/mirrored";
import { address, entity, texts } from "@/lib/server/search/query-language/probes";
import {
  escapeLike,
  type Condition,
  type SearchContext,
  type SearchScope,
} from "@/lib/server/search/query-language/scope";
import { closedAt, triage } from "@/lib/server/search/query-language/triage-terms";

// The checked tree (./parse.ts) as one SQL condition over `alarms as a`. Other tables are reached
// only through correlated `exists` subqueries keyed by a.deployment and a.uuid, so the caller's
// own conditions (the deployments an analyst may see, the time range) hold for every match.
// Every value is a parameter: the SQL text is built from these files' fragments and column names
// alone, never from the query. Free text and entity values are lower-case, as the sync writes
// search_text and alarm_entities.value; named columns compare as lower(column).

export type { SearchContext, SearchScope };

/** Whether the tree's documents are probed at its top: free text alone, or an AND with some. */
export function textAtTop(node: SearchNode): boolean {
  return node.type === "text" || (node.type === "and" && node.children.some(isText));
}

function isText(node: SearchNode): node is TextNode {
  return node.type === "text";
}

type NamedColumn = "a.rule_strategy" | "a.rule_method" | "a.rule_intent" | "a.sensor";

/** A text column matched case-insensitively: exactly, by prefix, or having any value. */
function named(
  eb: SearchScope,
  column: NamedColumn | "a.attack_id" | "a.attack_technique",
  node: FieldNode,
): Condition {
  if (node.wildcard) return eb(column, "is not", null);
  const lower = eb.fn<string>("lower", [eb.ref(column)]);
  return node.prefix ? eb(lower, "like", `${escapeLike(node.value)}%`) : eb(lower, "=", node.value);
}

/** Any element of an array column, case-insensitively. */
function element(
  eb: SearchScope,
  column: "a.attack_tactics" | "a.labels",
  node: FieldNode,
): Condition {
  if (node.wildcard) return sql<SqlBool>`cardinality(${eb.ref(column)}) > 0`;
  const test = node.prefix
    ? sql<SqlBool>`lower(t.v) like ${`${escapeLike(node.value)}%`}`
    : sql<SqlBool>`lower(t.v) = ${node.value}`;
  return sql<SqlBool>`exists (select 1 from unnest(${eb.ref(column)}) as t(v) where ${test})`;
}

function technique(eb: SearchScope, node: FieldNode): Condition {
  if (node.prefix || node.wildcard) {
    return eb.or([named(eb, "a.attack_id", node), named(eb, "a.attack_technique", node)]);
  }
  const id = eb.fn<string>("lower", [eb.ref("a.attack_id")]);
  const matches = [eb(id, "=", node.value), named(eb, "a.attack_technique", node)];
  // An ATT&CK id finds its sub-techniques too: technique:T1110 matches T1110.001.
  if (/^t[0-9]{4}$/.test(node.value)) matches.push(eb(id, "like", `${node.value}.%`));
  return eb.or(matches);
}

const COLUMNS: Record<"strategy" | "method" | "intent" | "sensor", NamedColumn> = {
  strategy: "a.rule_strategy",
  method: "a.rule_method",
  intent: "a.rule_intent",
  sensor: "a.sensor",
};

function field(eb: SearchScope, node: FieldNode, context: SearchContext): Condition {
  switch (node.field) {
    case "owner":
    case "acknowledged":
    case "has":
    case "closed":
    case "verdict":
    case "closed_by":
    case "note":
      return triage(node);
    case "host":
    case "user":
      return entity(eb, node.field, node, context);
    case "status":
      if (node.wildcard) return eb("a.status", "is not", null);
      return node.value === NO_STATUS
        ? eb("a.status", "is", null)
        : eb("a.status", "=", node.value);
    case "priority":
      return node.wildcard
        ? eb("a.priority_label", "is not", null)
        : eb(eb.fn<string>("lower", [eb.ref("a.priority_label")]), "=", node.value);
    case "strategy":
    case "method":
    case "intent":
    case "sensor":
      return named(eb, COLUMNS[node.field], node);
    case "technique":
      return technique(eb, node);
    case "tactic":
      return element(eb, "a.attack_tactics", node);
    case "label":
      return element(eb, "a.labels", node);
    case "uuid":
      // The column is a uuid: a prefix compares its text (lower-case, as the value is).
      return node.prefix
        ? eb(eb.cast<string>("a.uuid", "text"), "like", `${escapeLike(node.value)}%`)
        : eb("a.uuid", "=", node.value);
  }
}

/** The tree as one condition over `alarms as a` (see the file's head for what it reaches). */
export function compileSearch(
  node: SearchNode,
  eb: SearchScope,
  context: SearchContext = {},
): Condition {
  const inner = context.mirroredOnDocument ? { ...context, mirroredOnDocument: false } : context;
  switch (node.type) {
    case "and": {
      const words = node.children.filter(isText);
      const rest = node.children.filter(
        (child) => !isText(child) && !(context.mirroredOnDocument && mirroredTerm(child) !== null),
      );
      const parts = rest.map((child) => compileSearch(child, eb, inner));
      if (words.length > 0) parts.unshift(texts(eb, words, context));
      return eb.and(parts);
    }
    case "or":
      return eb.or(node.children.map((child) => compileSearch(child, eb, inner)));
    case "not":
      // A missing value is not a match: NOT strategy:x keeps the alarms that have no strategy.
      return eb.not(sql<SqlBool>`coalesce(${compileSearch(node.child, eb, inner)}, false)`);
    case "text":
      return texts(eb, [node], context);
    case "address":
      return address(eb, node, inner);
    case "compare":
      return node.field === "priority" ? eb("a.priority", node.op, node.value) : closedAt(node);
    case "field":
      return field(eb, node, inner);
  }
}
