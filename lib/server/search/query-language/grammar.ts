import "server-only";
import peggy from "peggy";
import type { CompareOp } from "@/lib/shared/search/ast";
import { isAddress } from "@/lib/server/search/query-language/address";

// The search language's syntax, a KQL/Lucene subset, as a peggy grammar. It only finds the shape
// (terms, fields, groups, operators, with their offsets); ./parse.ts checks names and values and
// builds the tree. The parser is generated once, at first use, rather than precompiled: the
// grammar stays the one source (no generated file to keep in step with it), and generating takes
// a few milliseconds once per process (peggy is a runtime dependency for it). `cache: true` makes
// parsing linear in the input whatever backtracking a hostile query provokes.
//
// Reading order: OR binds loosest, then AND (written or implied by adjacency), then NOT / ! / -.
// A bare word that is an address (`fe80::1`, `10.0.0.0/8`) is one term, not `field:value`.

/** A word as typed: unquoted words keep their escapes (./parse.ts reads `\` and `*`). */
export interface RawWord {
  text: string;
  quoted: boolean;
  at: number;
}

export type RawValue =
  | { k: "word"; word: RawWord }
  | { k: "compare"; op: CompareOp; word: RawWord }
  | { k: "group"; item: RawNode; at: number };

export type RawNode =
  | { k: "or" | "and"; items: RawNode[]; at: number }
  | { k: "not" | "group"; item: RawNode; at: number }
  | { k: "term"; word: RawWord; at: number }
  | { k: "field"; name: string; value: RawValue; at: number }
  | { k: "compare"; name: string; op: CompareOp; word: RawWord; at: number };

/** Thrown from the grammar's actions (through `options.fail`) with our message and offset. */
export class GrammarProblem extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const GRAMMAR = String.raw`
{
  const fail = (message, position) => options.fail(message, position);
  const here = () => location().start.offset;
  const list = (k, first, rest) =>
    rest.length === 0 ? first : { k, items: [first, ...rest], at: first.at };
}

Query = _ body:Or? _ End { return body; }

End
  = !.
  / ")" { fail("This ')' closes nothing: remove it, or add a '(' before it", here()); }
  / op:Keyword { fail("'" + op + "' needs a term before it", here()); }

Or = first:And rest:(_ @OrItem)* { return list("or", first, rest); }

OrItem = op:OrOp _ right:And? {
  if (!right) fail("'" + op.text + "' needs a term after it", op.at);
  return right;
}

And = first:Unary rest:(_ @AndItem)* { return list("and", first, rest); }

AndItem
  = op:AndOp _ right:Unary? {
      if (!right) fail("'" + op.text + "' needs a term after it", op.at);
      return right;
    }
  / Unary

Unary
  = op:NotOp _ item:Unary? {
      if (!item) fail("'" + op.text + "' needs a term after it", op.at);
      return { k: "not", item, at: op.at };
    }
  / "-" item:Primary { return { k: "not", item, at: here() }; }
  / "+" @Primary
  / Primary

Primary = Group / PhraseTerm / BareAddress / Comparison / FieldTerm / WordTerm

Group = "(" _ item:Or? _ close:")"? {
  if (!close) fail("This '(' is never closed: add a ')'", here());
  if (!item) fail("Empty parentheses: put a term inside, or remove them", here());
  return { k: "group", item, at: here() };
}

PhraseTerm = word:Phrase { return { k: "term", word, at: word.at }; }

Phrase = '"' chars:(("\\" @.) / [^"\\])* close:'"'? {
  if (!close) fail("This quote is never closed: add a '\"'", here());
  return { text: chars.join(""), quoted: true, at: here() };
}

BareAddress = text:$([0-9a-f:.]i+ ("/" [0-9]+)?) !WordChar &{ return options.isAddress(text); } {
  return { k: "term", word: { text, quoted: false, at: here() }, at: here() };
}

Comparison = name:FieldName _ op:CompareOp _ word:Word? {
  if (!word) fail("'" + name + " " + op + "' needs a value after it", here());
  return { k: "compare", name, op, word, at: here() };
}

FieldTerm = name:FieldName _ ":" _ value:FieldValue { return { k: "field", name, value, at: here() }; }

FieldValue
  = op:CompareOp _ word:Word? {
      if (!word) fail("'" + op + "' needs a value after it", here());
      return { k: "compare", op, word };
    }
  / word:Phrase { return { k: "word", word }; }
  / group:Group { return { k: "group", item: group.item, at: group.at }; }
  / word:Word { return { k: "word", word }; }
  / "" { fail("A field needs a value after its ':' (quote it to search for the text)", here()); }

WordTerm = word:Word { return { k: "term", word, at: word.at }; }

Word = !Keyword text:$WordChar+ { return { text, quoted: false, at: here() }; }

FieldName = $([a-z_]i [a-z0-9_.]i*)

CompareOp = ">=" / "<=" / ">" / "<"

OrOp = text:$("OR"i !WordChar / "||") { return { text, at: here() }; }
AndOp = text:$("AND"i !WordChar / "&&") { return { text, at: here() }; }
NotOp = text:$("NOT"i !WordChar / "!") { return { text, at: here() }; }
Keyword = $(("AND"i / "OR"i / "NOT"i) !WordChar / "&&" / "||")

WordChar = "\\" .? / [^ \t\n\r\v\f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000()"\\]

_ = [ \t\n\r\v\f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*
`;

let parser: peggy.Parser | undefined;

/** The raw shape of `q`; throws GrammarProblem, or peggy's SyntaxError where no rule says more. */
export function parseRaw(q: string): RawNode | null {
  parser ??= peggy.generate(GRAMMAR, { cache: true });
  return parser.parse(q, {
    isAddress,
    fail: (message: string, position: number) => {
      throw new GrammarProblem(message, position);
    },
  }) as RawNode | null;
}
