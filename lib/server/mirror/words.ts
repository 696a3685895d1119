import "server-only";
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "@/lib/server/db/schema";
import type { SearchNode, TextNode } from "@/lib/shared/search/ast";

// Free text's word index (migration 0004: alarm_words, indexed as alarm_docs_words): a
// document's words are its runs of [a-z0-9] (search_text is lower-case; any other character
// separates), runs longer than WORD_CUT cut into pieces of that length (a tsvector's lexeme has a
// size limit). A term is first looked up by its words, the last one as a prefix: `host-00` asks
// for the word `host` and a word beginning `00`. That is a necessary condition for the term to
// stand in the text at the start of a word, so the exact test that follows it (punctuation and
// order included) loses nothing that begins a word. A term inside a word (`ost` in `host`) is not
// a match: free text finds words and the beginnings of words, as Elastic's and Lucene's do. The
// last word's prefix is looked up as the words it begins, from the words the documents hold
// (migration 0005's alarm_words_known; up to MAX_EXPANSIONS, as Elastic expands a prefix from its
// terms dictionary): the index's own prefix lookup gathers every row of every such word into a
// bitmap first (56 ms for `logon`, 25 ms for its two words looked up exactly). A term with no
// word at all (`->`, `東京`) is read by its text: through the trigram index when it holds a
// character outside ASCII (migration 0006 indexes only such documents), else row by row.

/** Longer runs of letters and digits are indexed in pieces of this length. */
const WORD_CUT = 100;

/** The indexed expression: migration 0004's alarm_words, which cuts the text as termWords does. */
function documentWords(searchText: Expression<string>): RawBuilder<unknown> {
  return sql`alarm_words(${searchText})`;
}

/**
 * The words alarm_words makes of a document's (lower-case) text, computed here: the sync records
 * them without asking the database to split every text twice (that cost ingest a fifth).
 */
export function textWords(text: string): string[] {
  return text
    .replace(/[a-z0-9]{100}/g, "$& ")
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** Whether a term has a character outside ASCII (none of the word index's). */
export function isOutsideAscii(value: string): boolean {
  return /[^\x00-\x7f]/.test(value);
}

/**
 * Whether a document's text has a character outside ASCII: migration 0006's trigram index holds
 * only such documents, and a search names its condition to be read through it.
 */
export function outsideAscii(searchText: Expression<string>): RawBuilder<SqlBool> {
  return sql<SqlBool>`octet_length(${searchText}) <> char_length(${searchText})`;
}

/** Whether a lower-case term is one word of the index: the word lookup finds it exactly. */
export function isOneWord(value: string): boolean {
  return value.length <= WORD_CUT && /^[a-z0-9]+$/.test(value);
}

/**
 * The words of a lower-case term, as documentWords cuts a document's: a run longer than WORD_CUT
 * in pieces. A term begins a word of the text, so its runs begin where the text's do and are cut
 * alike: the pieces are the text's, the last one's beginning.
 */
const termWords = textWords;

/**
 * The words the documents hold that begin with each prefix (migration 0005's alarm_words_known,
 * which the sync fills before it writes a document). A prefix missing here is looked up as a
 * prefix in the word index; one mapped to [] begins no word of any document.
 */
export type WordExpansions = ReadonlyMap<string, readonly string[]>;

/**
 * A prefix beginning more words than this is looked up as a prefix: one word index lookup per word
 * costs more than gathering them all at once (as Elastic's max_expansions bounds a prefix query).
 */
export const MAX_EXPANSIONS = 50;

/** The words of `nodes` looked up as prefixes: each term's last (the others are whole words). */
function prefixesOf(nodes: readonly TextNode[]): string[] {
  const prefixes = nodes.flatMap((node) => termWords(node.value).slice(-1));
  return [...new Set(prefixes)];
}

/** The free-text terms of a tree, anywhere in it. */
export function textNodes(node: SearchNode): TextNode[] {
  switch (node.type) {
    case "and":
    case "or":
      return node.children.flatMap(textNodes);
    case "not":
      return textNodes(node.child);
    case "text":
      return [node];
    default:
      return [];
  }
}

/**
 * The known words each prefix of `search` begins (up to MAX_EXPANSIONS; a prefix beginning more
 * is left out, and looked up as a prefix). One statement: a range of the words' primary key per
 * prefix (prefixes are [a-z0-9], so `prefix || '{'` bounds them in the C collation).
 */
export async function expandPrefixes(
  db: Kysely<Database>,
  search: SearchNode | null,
): Promise<WordExpansions> {
  const prefixes = search ? prefixesOf(textNodes(search)) : [];
  if (prefixes.length === 0) return new Map();
  const { rows } = await sql<{ prefix: string; word: string | null }>`
    select p.prefix, w.word from unnest(${prefixes}::text[]) as p(prefix)
    left join lateral (
      select word from alarm_words_known
      where word >= p.prefix and word < p.prefix || '{'
      order by word limit ${MAX_EXPANSIONS + 1}
    ) as w on true`.execute(db);
  const found = new Map<string, string[]>(prefixes.map((prefix) => [prefix, []]));
  for (const row of rows) if (row.word !== null) found.get(row.prefix)!.push(row.word);
  for (const [prefix, words] of found) if (words.length > MAX_EXPANSIONS) found.delete(prefix);
  return found;
}

function prefixQuery(word: string, expansions: WordExpansions | undefined): string {
  const known = expansions?.get(word);
  if (known === undefined) return `'${word}':*`;
  // No document holds a word beginning so: the word itself is in no document either.
  if (known.length === 0) return `'${word}'`;
  return known.length === 1 ? `'${known[0]}'` : `(${known.map((w) => `'${w}'`).join(" | ")})`;
}

/**
 * The tsquery every document holding all of `nodes` satisfies (their words, each node's last as a
 * prefix: the words it begins, when `expansions` has them), or null when none has a word to look
 * up. A tsquery's text, built from [a-z0-9] words only, so nothing in it is syntax; it travels as a
 * parameter.
 */
function wordQuery(nodes: readonly TextNode[], expansions?: WordExpansions): string | null {
  const parts: string[] = [];
  for (const node of nodes) {
    const words = termWords(node.value);
    words.forEach((word, at) =>
      parts.push(at === words.length - 1 ? prefixQuery(word, expansions) : `'${word}'`),
    );
  }
  return parts.length > 0 ? parts.join(" & ") : null;
}

/** The condition on `alarm_docs as d` that reads the word index for `nodes` (null: none). */
export function wordCondition(
  searchText: Expression<string>,
  nodes: readonly TextNode[],
  expansions?: WordExpansions,
): RawBuilder<SqlBool> | null {
  const query = wordQuery(nodes, expansions);
  return query === null ? null : sql<SqlBool>`${documentWords(searchText)} @@ ${query}::tsquery`;
}
