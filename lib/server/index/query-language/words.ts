import "server-only";
import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import type { TextNode } from "@/lib/shared/search/ast";

// Free text's word index (migration 0004: alarm_words, indexed as alarm_docs_words): a document's words are its runs of
// [a-z0-9] (search_text is lower-case; any other character separates), runs longer than
// WORD_CUT cut into pieces of that length (a tsvector's lexeme has a size limit). A term is then
// first looked up by its words, the last one as a prefix: `host-00` asks for the word `host` and
// a word beginning `00`. That is a necessary condition for the term to stand in the text at the
// start of a word, so the LIKE that follows it (the exact test, punctuation and order included)
// loses nothing that begins a word, and the index spares it the trigram index's work on words
// that are everywhere: counting a host seen on 6% of a million alarms read 208,000 trigram
// candidates (82 ms on PostgreSQL before any row was checked). A term inside a word (`ost` in
// `host`) is not a match: free text finds words and the beginnings of words, as Elastic's and
// Lucene's do.

/** Longer runs of letters and digits are indexed in pieces of this length. */
export const WORD_CUT = 100;

/** The indexed expression: migration 0004's alarm_words, which cuts the text as termWords does. */
export function documentWords(searchText: Expression<string>): RawBuilder<unknown> {
  return sql`alarm_words(${searchText})`;
}

/** The words of a lower-case term, as documentWords cuts a document's. */
export function termWords(value: string): string[] {
  return value.split(/[^a-z0-9]+/).filter((word) => word.length > 0);
}

/**
 * The tsquery every document holding all of `nodes` satisfies (their words, each node's last as a
 * prefix), or null when none has a word to look up. A tsquery's text, built from [a-z0-9] words
 * only, so nothing in it is syntax; it travels as a parameter.
 */
export function wordQuery(nodes: readonly TextNode[]): string | null {
  const parts: string[] = [];
  for (const node of nodes) {
    const words = termWords(node.value);
    // A word longer than the cut is not one lexeme of the index: that term is left to the LIKE.
    if (words.length === 0 || words.some((word) => word.length > WORD_CUT)) continue;
    words.forEach((word, at) => parts.push(at === words.length - 1 ? `'${word}':*` : `'${word}'`));
  }
  return parts.length > 0 ? parts.join(" & ") : null;
}

/** The condition on `alarm_docs as d` that reads the word index for `nodes` (null: none). */
export function wordCondition(
  searchText: Expression<string>,
  nodes: readonly TextNode[],
): RawBuilder<SqlBool> | null {
  const query = wordQuery(nodes);
  return query === null ? null : sql<SqlBool>`${documentWords(searchText)} @@ ${query}::tsquery`;
}
