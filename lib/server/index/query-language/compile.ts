import "server-only";
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from "kysely";
import type { AlarmsTable, Database } from "@/lib/server/db/schema";
import { NO_STATUS } from "@/lib/shared/alarms/query";
import type { AddressNode, FieldNode, SearchNode, TextNode } from "@/lib/shared/search/ast";
import { parseAddress } from "./address";
import { mirroredCondition, mirroredTerm, type Mirrored } from "./mirrored";
import {
  isOneWord,
  isOutsideAscii,
  outsideAscii,
  wordCondition,
  type WordExpansions,
} from "./words";

// The checked tree (./parse.ts) as one SQL condition over `alarms as a`. Other tables are reached
// only through correlated `exists` subqueries keyed by a.deployment and a.uuid, so the caller's
// own conditions (the deployments an analyst may see, the time range) hold for every match.
// Every value is a parameter: the SQL text is built from this file's fragments and column names
// alone, never from the query. Free text and entity values are lower-case, as the sync writes
// search_text and alarm_entities.value; named columns compare as lower(column).

/** The expression builder of `selectFrom("alarms as a")`. */
export type SearchScope = ExpressionBuilder<Database & { a: AlarmsTable }, "a">;
type Condition = Expression<SqlBool>;

/** What compiling knows beyond the tree (both optional: without them the SQL is as exact). */
export interface SearchContext {
  /** The words each prefix begins (./words.ts). */
  words?: WordExpansions;
  /**
   * The alarm's own conditions that hold for every match whatever the tree says (the list's
   * filters, the tree's top-level ANDs): each document probe tests them too, so the word index's
   * candidates are filtered where they are read, not after joining each to its alarm.
   */
  mirrored?: readonly Mirrored[];
  /**
   * The tree is an AND with free text (or free text alone) and `mirrored` holds its top-level
   * status and priority terms: its documents' probe tests them, so they are not tested again on
   * the alarm (twice, the planner counted their selectivity twice and chose plans for a few).
   */
  mirroredOnDocument?: boolean;
  /** Each side table is probed per alarm row, never joined (see probe). */
  perRow?: boolean;
  /**
   * The deployments read, named in each side table's lookup too: PostgreSQL carries one
   * deployment over from the alarm's condition, but not a list (a user searched across two
   * deployments scanned every deployment's entries: 150 ms).
   */
  deployments?: readonly string[];
}

/** Whether the tree's documents are probed at its top: free text alone, or an AND with some. */
export function textAtTop(node: SearchNode): boolean {
  return node.type === "text" || (node.type === "and" && node.children.some(isText));
}

function isText(node: SearchNode): node is TextNode {
  return node.type === "text";
}

/**
 * `exists (subquery)`; with `perRow`, `offset 0` keeps it a probe of each alarm row. PostgreSQL
 * turns a bare EXISTS into a join, or into a hash of every candidate (297,000 documents for
 * "failed"), and may gather all matches to sort them, where a page of many matches (the count
 * past the cap said so) is found at once walking the order's index. An EXISTS with an OFFSET is
 * neither pulled up into a join nor hashed.
 */
function probe<Q extends Parameters<SearchScope["exists"]>[0] & { offset(n: number): Q }>(
  eb: SearchScope,
  subquery: Q,
  context: SearchContext,
): Condition {
  return eb.exists(context.perRow ? subquery.offset(0) : subquery);
}

/** For LIKE, whose escape character is PostgreSQL's default backslash. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, "\\$&");
}

const SIDE = { src: "s", dst: "d" } as const;

function texts(eb: SearchScope, nodes: TextNode[], context: SearchContext): Condition {
  // Several words of one AND are one probe of the document, not one subquery each. A term
  // matches where it begins a word (./words.ts says why).
  return probe(
    eb,
    eb
      .selectFrom("alarm_docs as d")
      .select(sql<number>`1`.as("one"))
      .whereRef("d.deployment", "=", "a.deployment")
      .$if(context.deployments !== undefined, (q) =>
        q.where("d.deployment", "in", [...context.deployments!]),
      )
      .whereRef("d.uuid", "=", "a.uuid")
      .where((d) => {
        // The word index finds the candidates (./words.ts) and strpos checks the exact text; a
        // term without a word to look up is read by LIKE, through the trigram index when it has a
        // character outside ASCII (a document without one cannot hold it).
        const words = wordCondition(d.ref("d.search_text"), nodes, context.words);
        const outside =
          !words && nodes.some((node) => isOutsideAscii(node.value))
            ? [outsideAscii(d.ref("d.search_text"))]
            : [];
        // A term that is one word is found by the word index alone: a word beginning with it
        // stands in the text. Reading the text only to find it again cost each candidate its
        // document, and the planner, guessing a third of them pass, chose plans for a few. Probed
        // per row, the text is read anyway, and strpos spares most rows the words' computation.
        const exact = nodes
          .filter((node) => context.perRow || !(words && isOneWord(node.value)))
          .map((node) =>
            words
              ? sql<SqlBool>`strpos(${d.ref("d.search_text")}, ${node.value}) > 0`
              : d("d.search_text", "like", `%${escapeLike(node.value)}%`),
          );
        // Redundant with the alarm's own (the sync writes both alike), and cheaper here.
        const mirrored = (context.mirrored ?? []).map((m) => mirroredCondition(d, "d", m));
        return d.and([...mirrored, ...(words ? [words] : []), ...outside, ...exact]);
      }),
    context,
  );
}

function address(eb: SearchScope, node: AddressNode, context: SearchContext): Condition {
  if (node.wildcard) return addressProbe(eb, node, context, null);
  // Checked again here, so a tree built by hand cannot make the cast fail mid-query.
  const text = node.prefix === null ? node.address : `${node.address}/${node.prefix}`;
  const checked = parseAddress(text);
  if (!checked) throw new TypeError(`compileSearch: '${text}' is not an address or range`);
  const canonical =
    checked.prefix === null ? checked.address : `${checked.address}/${checked.prefix}`;
  return addressProbe(eb, node, context, { canonical, range: checked.prefix !== null });
}

/** An address of the alarm on the node's side: `value` (one address or a range), or any. */
function addressProbe(
  eb: SearchScope,
  node: AddressNode,
  context: SearchContext,
  value: { canonical: string; range: boolean } | null,
): Condition {
  return probe(
    eb,
    eb
      .selectFrom("alarm_addresses as x")
      .select(sql<number>`1`.as("one"))
      .whereRef("x.deployment", "=", "a.deployment")
      .$if(context.deployments !== undefined, (q) =>
        q.where("x.deployment", "in", [...context.deployments!]),
      )
      .whereRef("x.uuid", "=", "a.uuid")
      .$if(node.side !== "any", (q) => q.where("x.side", "=", SIDE[node.side as "src" | "dst"]))
      .$if(value !== null, (q) =>
        q.where((x) =>
          value!.range
            ? sql<SqlBool>`${x.ref("x.address")} <<= ${value!.canonical}::cidr`
            : sql<SqlBool>`${x.ref("x.address")} = ${value!.canonical}::inet`,
        ),
      ),
    context,
  );
}

function entity(
  eb: SearchScope,
  kind: "host" | "user",
  node: FieldNode,
  context: SearchContext,
): Condition {
  return probe(
    eb,
    eb
      .selectFrom("alarm_entities as e")
      .select(sql<number>`1`.as("one"))
      .whereRef("e.deployment", "=", "a.deployment")
      .$if(context.deployments !== undefined, (q) =>
        q.where("e.deployment", "in", [...context.deployments!]),
      )
      .whereRef("e.uuid", "=", "a.uuid")
      .where("e.kind", "=", kind)
      .$if(node.side !== "any", (q) => q.where("e.side", "=", SIDE[node.side as "src" | "dst"]))
      .$if(!node.wildcard, (q) =>
        node.prefix
          ? q.where("e.value", "like", `${escapeLike(node.value)}%`)
          : q.where("e.value", "=", node.value),
      ),
    context,
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
function triage(node: FieldNode): Condition {
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

function field(eb: SearchScope, node: FieldNode, context: SearchContext): Condition {
  switch (node.field) {
    case "owner":
    case "acknowledged":
    case "has":
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
      return eb("a.priority", node.op, node.value);
    case "field":
      return field(eb, node, inner);
  }
}
