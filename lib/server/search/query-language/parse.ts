import "server-only";
import { SEARCH_LIMITS, type SearchNode, type SearchProblem } from "@/lib/shared/search/ast";
import { SEARCH_FIELDS, resolveSearchField, type ResolvedField } from "@/lib/shared/search/fields";
import {
  GrammarProblem,
  parseRaw,
  type RawNode,
  type RawValue,
} from "@/lib/server/search/query-language/grammar";
import { fieldLeaf, readWord, textLeaf } from "@/lib/server/search/query-language/values";

// `q` as the search page and route take it: from text to a checked tree, or a problem with its
// place. Checks the input before the grammar reads it (length, characters PostgreSQL or a reader
// could trip on), then the names, values, depth and count of what the grammar found. Never
// throws for any input: each way to fail is a SearchProblem.

export type SearchParse = { ok: true; query: SearchNode } | { ok: false; problem: SearchProblem };

const KNOWN = SEARCH_FIELDS.map((field) => field.name).join(", ");

// C0 and C1 controls other than tab and line breaks: PostgreSQL's text refuses NUL outright.
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/u;
// Invisible format characters (bidi marks and overrides, zero-width ones): a pasted indicator
// carrying one would silently match nothing, and the box would not show why.
const FORMAT = /\p{Cf}/u;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

function inputProblem(q: string): SearchProblem | null {
  if (q.length > SEARCH_LIMITS.length) {
    return {
      message: `The query is too long: ${q.length.toLocaleString("en")} characters, at most ${SEARCH_LIMITS.length.toLocaleString("en")}`,
      position: SEARCH_LIMITS.length,
    };
  }
  if (q.trim() === "") return { message: "The query is empty", position: 0 };
  const control = CONTROL.exec(q);
  if (control) {
    return {
      message: `A control character (${codePoint(control[0])}) cannot be searched for: remove it`,
      position: control.index,
    };
  }
  const format = FORMAT.exec(q);
  if (format) {
    return {
      message: `An invisible formatting character (${codePoint(format[0])}) is in the query: remove it`,
      position: format.index,
    };
  }
  const lone = LONE_SURROGATE.exec(q);
  if (lone)
    return { message: "A broken character is in the query: remove it", position: lone.index };
  return null;
}

type Field = NonNullable<ResolvedField>;

/**
 * Builds the tree, counting terms and depth (groups and NOTs) as it goes. Inside a field's
 * parentheses (`status:(open OR in_review)`) `within` is that field: the terms are its values.
 */
class Builder {
  private terms = 0;

  node(raw: RawNode, depth: number, within?: Field): SearchNode {
    switch (raw.k) {
      case "or":
      case "and": {
        const children = raw.items.flatMap((item) => {
          const child = this.node(item, depth, within);
          return child.type === raw.k ? child.children : [child];
        });
        return { type: raw.k, children };
      }
      case "group":
        return this.node(raw.item, this.deeper(depth, raw.at), within);
      case "not":
        return { type: "not", child: this.node(raw.item, this.deeper(depth, raw.at), within) };
      case "term":
        if (within) return this.valueLeaf(within, { k: "word", word: raw.word });
        this.count(raw.at);
        return textLeaf(readWord(raw.word));
    }
    if (within) {
      throw new GrammarProblem(
        `Only values go inside a field's parentheses; '${raw.name}' names a field`,
        raw.at,
      );
    }
    const field = this.resolve(raw.name, raw.at);
    if (raw.k === "compare") {
      return this.valueLeaf(field, { k: "compare", op: raw.op, word: raw.word });
    }
    if (raw.value.k !== "group") return this.valueLeaf(field, raw.value);
    return this.node(raw.value.item, this.deeper(depth, raw.value.at), field);
  }

  private deeper(depth: number, at: number): number {
    if (depth >= SEARCH_LIMITS.depth) {
      throw new GrammarProblem(
        `Nested too deeply: at most ${SEARCH_LIMITS.depth} levels of parentheses and NOT`,
        at,
      );
    }
    return depth + 1;
  }

  private count(at: number): void {
    this.terms += 1;
    if (this.terms > SEARCH_LIMITS.terms) {
      throw new GrammarProblem(`Too many terms: at most ${SEARCH_LIMITS.terms}`, at);
    }
  }

  private resolve(name: string, at: number): Field {
    const resolved = resolveSearchField(name);
    if (resolved) return resolved;
    throw new GrammarProblem(
      `Unknown field '${name}': the fields are ${KNOWN} (quote the text to search for it)`,
      at,
    );
  }

  private valueLeaf(field: Field, value: Exclude<RawValue, { k: "group" }>): SearchNode {
    this.count(value.word.at);
    const read = readWord(value.word);
    const op = value.k === "compare" ? value.op : null;
    if (field.kind === "field") return fieldLeaf(field.field, field.side, read, op);
    if (op !== null) {
      throw new GrammarProblem("Only priority and closed_at compare", value.word.at);
    }
    // A name for free text (event_name): the value is searched as text, never as an address.
    return textLeaf(read, true);
  }
}

/** Reads `q` (a KQL/Lucene subset: the `?` panel lists its fields) into a checked tree. */
export function parseSearch(q: string): SearchParse {
  const early = inputProblem(q);
  if (early) return { ok: false, problem: early };
  try {
    const raw = parseRaw(q);
    if (!raw) return { ok: false, problem: { message: "The query is empty", position: 0 } };
    return { ok: true, query: new Builder().node(raw, 0) };
  } catch (error) {
    if (error instanceof GrammarProblem) {
      return { ok: false, problem: { message: error.message, position: error.position } };
    }
    if (error instanceof RangeError) {
      // The call stack ran out before the depth check could speak (very deep NOT chains).
      return {
        ok: false,
        problem: {
          message: `Nested too deeply: at most ${SEARCH_LIMITS.depth} levels`,
          position: 0,
        },
      };
    }
    const at = (error as { location?: { start?: { offset?: number } } }).location?.start?.offset;
    if (error instanceof SyntaxError && typeof at === "number") {
      return { ok: false, problem: { message: `Cannot read the query here`, position: at } };
    }
    throw error;
  }
}
