import "server-only";
import { sql, type ExpressionBuilder, type SqlBool } from "kysely";
import type { AlarmDocsTable, AlarmsTable, Database } from "@/lib/server/db/schema";
import type { AddressNode, FieldNode, TextNode } from "@/lib/shared/search/ast";
import { parseAddress } from "@/lib/server/search/query-language/address";
import { mirroredCondition } from "@/lib/server/search/query-language/mirrored";
import {
  escapeLike,
  type Condition,
  type SearchContext,
  type SearchScope,
} from "@/lib/server/search/query-language/scope";
import { isOneWord, isOutsideAscii, outsideAscii, wordCondition } from "@/lib/server/mirror/words";

// The terms ./compile.ts reads from the alarm's other tables (its document, addresses, hosts and
// users): each a correlated `exists` keyed by a.deployment and a.uuid, every value a parameter.

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

const SIDE = { src: "s", dst: "d" } as const;

export function texts(eb: SearchScope, nodes: TextNode[], context: SearchContext): Condition {
  // Several words of one AND are one probe of the document, not one subquery each. A term
  // matches where it begins a word (./words.ts says why), or where a note of the alarm holds it:
  // the alarms some notes hold it in are asked for by key beside the term's words.
  const notes = context.notes;
  const plain = nodes.filter((node) => !notes?.has(node.value));
  const noted = nodes.filter((node) => notes?.has(node.value));
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
        // Redundant with the alarm's own (the sync writes both alike), and cheaper here.
        const mirrored = (context.mirrored ?? []).map((m) => mirroredCondition(d, "d", m));
        const inText = plain.length > 0 ? documentHolds(d, plain, context) : [];
        const either = noted.map((node) =>
          d.or([
            d.and(documentHolds(d, [node], context)),
            notesHold(d, node.value, notes!.get(node.value)!),
          ]),
        );
        return d.and([...mirrored, ...inText, ...either]);
      }),
    context,
  );
}

/** The builder of a probe of `alarm_docs as d`. */
type DocScope = ExpressionBuilder<Database & { a: AlarmsTable; d: AlarmDocsTable }, "a" | "d">;

/** The conditions under which the document's text holds every one of `nodes`. */
function documentHolds(d: DocScope, nodes: TextNode[], context: SearchContext): Condition[] {
  // The word index finds the candidates (./words.ts) and strpos checks the exact text; a term
  // without a word to look up is read by LIKE, through the trigram index when it has a character
  // outside ASCII (a document without one cannot hold it).
  const words = wordCondition(d.ref("d.search_text"), nodes, context.words);
  const outside =
    !words && nodes.some((node) => isOutsideAscii(node.value))
      ? [outsideAscii(d.ref("d.search_text"))]
      : [];
  // A term that is one word is found by the word index alone: a word beginning with it stands in
  // the text. Reading the text only to find it again cost each candidate its document, and the
  // planner, guessing a third of them pass, chose plans for a few. Probed per row, the text is
  // read anyway, and strpos spares most rows the words' computation.
  const exact = nodes
    .filter((node) => context.perRow || !(words && isOneWord(node.value)))
    .map((node) =>
      words
        ? sql<SqlBool>`strpos(${d.ref("d.search_text")}, ${node.value}) > 0`
        : d("d.search_text", "like", `%${escapeLike(node.value)}%`),
    );
  return [...(words ? [words] : []), ...outside, ...exact];
}

/** A note of the document's alarm holds `value`: by the keys read first, or row by row. */
function notesHold(
  d: DocScope,
  value: string,
  hits: ReadonlyMap<string, readonly string[]> | "many",
): Condition {
  if (hits === "many") {
    return sql<SqlBool>`exists (
      select 1 from triage_notes n
      where n.deployment = d.deployment and n.uuid = d.uuid and n.deleted_at is null
        and strpos(lower(n.text), ${value}) > 0)`;
  }
  // An array parameter per deployment: one lookup of the documents' primary key each.
  return d.or(
    [...hits].map(([deployment, uuids]) =>
      d.and([
        d("d.deployment", "=", deployment),
        sql<SqlBool>`d.uuid = any(${[...uuids]}::uuid[])`,
      ]),
    ),
  );
}

export function address(eb: SearchScope, node: AddressNode, context: SearchContext): Condition {
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

export function entity(
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
