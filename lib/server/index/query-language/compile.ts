import "server-only";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { AlarmsTable, Database } from "@/lib/server/db/schema";
import type { AddressNode, FieldNode, SearchNode, TextNode } from "@/lib/shared/search/ast";
import { parseAddress } from "./address";
import { wordCondition } from "./words";

// The checked tree (./parse.ts) as one SQL condition over `alarms as a`. Other tables are reached
// only through correlated `exists` subqueries keyed by a.deployment and a.uuid, so the caller's
// own conditions (the deployments an analyst may see, the time range) hold for every match.
// Every value is a parameter: the SQL text is built from this file's fragments and column names
// alone, never from the query. Free text and entity values are lower-case, as the sync writes
// search_text and alarm_entities.value; named columns compare as lower(column).

/** The expression builder of `selectFrom("alarms as a")`. */
export type SearchScope = ExpressionBuilder<Database & { a: AlarmsTable }, "a">;
type Condition = Expression<SqlBool>;

/** For LIKE, whose escape character is PostgreSQL's default backslash. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, "\\$&");
}

const SIDE = { src: "s", dst: "d" } as const;

function texts(eb: SearchScope, nodes: TextNode[]): Condition {
  // Several words of one AND are one probe of the document, not one subquery each. A term
  // matches where it begins a word (./words.ts says why).
  return eb.exists(
    eb
      .selectFrom("alarm_docs as d")
      .select(sql<number>`1`.as("one"))
      .whereRef("d.deployment", "=", "a.deployment")
      .whereRef("d.uuid", "=", "a.uuid")
      .where((d) => {
        // The word index finds the candidates (./words.ts) and strpos checks the exact text; a
        // term without a word to look up is left to the trigram index, through LIKE.
        const words = wordCondition(d.ref("d.search_text"), nodes);
        const exact = nodes.map((node) =>
          words
            ? sql<SqlBool>`strpos(${d.ref("d.search_text")}, ${node.value}) > 0`
            : d("d.search_text", "like", `%${escapeLike(node.value)}%`),
        );
        return d.and(words ? [words, ...exact] : exact);
      }),
  );
}

function address(eb: SearchScope, node: AddressNode): Condition {
  // Checked again here, so a tree built by hand cannot make the cast fail mid-query.
  const text = node.prefix === null ? node.address : `${node.address}/${node.prefix}`;
  const checked = parseAddress(text);
  if (!checked) throw new TypeError(`compileSearch: '${text}' is not an address or range`);
  const canonical =
    checked.prefix === null ? checked.address : `${checked.address}/${checked.prefix}`;
  return eb.exists(
    eb
      .selectFrom("alarm_addresses as x")
      .select(sql<number>`1`.as("one"))
      .whereRef("x.deployment", "=", "a.deployment")
      .whereRef("x.uuid", "=", "a.uuid")
      .$if(node.side !== "any", (q) => q.where("x.side", "=", SIDE[node.side as "src" | "dst"]))
      .where((x) =>
        checked.prefix === null
          ? sql<SqlBool>`${x.ref("x.address")} = ${canonical}::inet`
          : sql<SqlBool>`${x.ref("x.address")} <<= ${canonical}::cidr`,
      ),
  );
}

function entity(eb: SearchScope, kind: "host" | "user", node: FieldNode): Condition {
  return eb.exists(
    eb
      .selectFrom("alarm_entities as e")
      .select(sql<number>`1`.as("one"))
      .whereRef("e.deployment", "=", "a.deployment")
      .whereRef("e.uuid", "=", "a.uuid")
      .where("e.kind", "=", kind)
      .$if(node.side !== "any", (q) => q.where("e.side", "=", SIDE[node.side as "src" | "dst"]))
      .$if(!node.wildcard, (q) =>
        node.prefix
          ? q.where("e.value", "like", `${escapeLike(node.value)}%`)
          : q.where("e.value", "=", node.value),
      ),
  );
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

function field(eb: SearchScope, node: FieldNode): Condition {
  switch (node.field) {
    case "host":
    case "user":
      return entity(eb, node.field, node);
    case "status":
      return node.wildcard ? eb("a.status", "is not", null) : eb("a.status", "=", node.value);
    case "priority":
      return eb(eb.fn<string>("lower", [eb.ref("a.priority_label")]), "=", node.value);
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
export function compileSearch(node: SearchNode, eb: SearchScope): Condition {
  switch (node.type) {
    case "and": {
      const words = node.children.filter((child): child is TextNode => child.type === "text");
      const rest = node.children.filter((child) => child.type !== "text");
      const parts = rest.map((child) => compileSearch(child, eb));
      if (words.length > 0) parts.unshift(texts(eb, words));
      return eb.and(parts);
    }
    case "or":
      return eb.or(node.children.map((child) => compileSearch(child, eb)));
    case "not":
      // A missing value is not a match: NOT strategy:x keeps the alarms that have no strategy.
      return eb.not(sql<SqlBool>`coalesce(${compileSearch(node.child, eb)}, false)`);
    case "text":
      return texts(eb, [node]);
    case "address":
      return address(eb, node);
    case "compare":
      return eb("a.priority", node.op, node.value);
    case "field":
      return field(eb, node);
  }
}
