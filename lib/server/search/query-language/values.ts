import "server-only";
import type { CompareOp, SearchNode, SearchSide } from "@/lib/shared/search/ast";
import type { SearchField } from "@/lib/shared/search/fields";
import { parseAddress, parseIpv4Wildcard } from "@/lib/server/search/query-language/address";
import { GrammarProblem, type RawWord } from "@/lib/server/search/query-language/grammar";
import { parseTimeValue } from "@/lib/server/search/query-language/time-value";

// One value of one field, checked and normalised into a leaf of the tree: what each field takes
// (./fields data in lib/shared/search) is enforced here, so the compiler only ever sends values
// that fit their column and casts.

type FieldInfo = SearchField;

/** A word read: escapes resolved, a trailing `*` a prefix, `*` alone a wildcard. */
export interface ReadWord {
  value: string;
  phrase: boolean;
  prefix: boolean;
  wildcard: boolean;
  at: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUID_PREFIX = /^[0-9a-f-]{1,36}$/;
const NUMBER = /^[0-9]{1,3}$/;
const LEADING_OP = /^(>=|<=|>|<)(.*)$/s;

/** Resolves `\x` escapes and a trailing `*`; a `*` elsewhere is a problem at its place. */
export function readWord(word: RawWord): ReadWord {
  if (word.quoted) {
    return { value: word.text, phrase: true, prefix: false, wildcard: false, at: word.at };
  }
  let value = "";
  let prefix = false;
  for (let i = 0; i < word.text.length; i++) {
    const char = word.text[i]!;
    if (char === "\\" && i + 1 < word.text.length) {
      value += word.text[++i];
    } else if (char !== "*") {
      value += char;
    } else if (i === word.text.length - 1) {
      prefix = true;
    } else {
      throw new GrammarProblem(
        "A * may only end a term (a prefix such as adm*); write \\* for the character",
        word.at + i,
      );
    }
  }
  return { value, phrase: false, prefix, wildcard: prefix && value === "", at: word.at };
}

/** A bare term: an address or range where it is one (unless `text` says), free text otherwise. */
export function textLeaf(read: ReadWord, text = read.phrase): SearchNode {
  if (!text) {
    const address = read.prefix ? parseIpv4Wildcard(read.value) : parseAddress(read.value);
    if (address) return { type: "address", side: "any", ...address, position: read.at };
  }
  if (read.wildcard) {
    throw new GrammarProblem(
      "A lone * matches everything: leave the box empty to list every alarm",
      read.at,
    );
  }
  if (read.value.trim() === "")
    throw new GrammarProblem("Empty quotes: nothing to search", read.at);
  const value = read.value.toLowerCase();
  return { type: "text", value, phrase: read.phrase, prefix: read.prefix, position: read.at };
}

function problem(message: string, at: number): never {
  throw new GrammarProblem(message, at);
}

function addressLeaf(field: FieldInfo, side: SearchSide, read: ReadWord): SearchNode {
  // `src_ip:*`: any source address (NOT src_ip:* the alarms without one).
  if (read.wildcard) {
    return { type: "address", side, address: "", prefix: null, wildcard: true, position: read.at };
  }
  const value = read.value.trim();
  const address = read.prefix
    ? parseIpv4Wildcard(value)
    : // `ip::1` reads as field "ip", value ":1": the address is "::1".
      (parseAddress(value) ?? (value.startsWith(":") ? parseAddress(`:${value}`) : null));
  if (!address) {
    problem(
      `${field.name} takes an IP address or CIDR range (${field.example}), or *; '${read.value}' is not one`,
      read.at,
    );
  }
  return { type: "address", side, ...address, position: read.at };
}

function priorityLeaf(field: FieldInfo, read: ReadWord, op: CompareOp | null): SearchNode {
  const value = read.value.trim().toLowerCase();
  if (NUMBER.test(value) && Number(value) <= 100 && !read.prefix) {
    return {
      type: "compare",
      field: "priority",
      op: op ?? "=",
      value: Number(value),
      position: read.at,
    };
  }
  const label = field.values?.includes(value) ?? false;
  // `priority:*`: the alarm has a priority label (NOT priority:* those without one).
  if (op === null && (read.wildcard || (label && !read.prefix))) {
    return {
      type: "field",
      field: "priority",
      side: "any",
      value: read.wildcard ? "" : value,
      phrase: read.phrase,
      prefix: false,
      wildcard: read.wildcard,
      position: read.at,
    };
  }
  return problem(
    op === null
      ? `priority takes a number from 0 to 100, a label (${field.values?.join(", ")}) or *; '${read.value}' is none of them`
      : `priority ${op} takes a number from 0 to 100; '${read.value}' is not one`,
    read.at,
  );
}

function timeLeaf(field: FieldInfo, read: ReadWord, op: CompareOp | null): SearchNode {
  if (op === null) {
    problem(
      `${field.name} is compared with a time (${field.example}); closed:true finds every closed alarm`,
      read.at,
    );
  }
  const value = read.prefix ? null : parseTimeValue(read.value);
  if (value === null) {
    problem(
      `${field.name} ${op} takes a date or a time such as 2026-11-29 or 2026-11-29T08:30+01:00; '${read.value}' is neither`,
      read.at,
    );
  }
  return { type: "compare", field: "closed_at", op, value, position: read.at };
}

function normalised(field: FieldInfo, read: ReadWord): string {
  const value = read.value.trim().toLowerCase();
  if (field.kind === "enum") {
    const values = field.values ?? [];
    const status = value.replace(/[\s-]+/g, "_");
    if (!read.prefix && values.includes(status)) return status;
    if (read.wildcard) return "";
    problem(`${field.name} is one of ${values.join(", ")}; '${read.value}' is not`, read.at);
  }
  if (field.kind === "uuid") {
    if (read.wildcard) problem("Every alarm has a uuid: uuid:* asks for nothing", read.at);
    if (read.prefix ? UUID_PREFIX.test(value) : UUID.test(value)) return value;
    problem(
      `uuid takes an alarm's id, or its first characters and a * (${field.example}); '${read.value}' is neither`,
      read.at,
    );
  }
  if (value === "" && !read.wildcard)
    problem(`${field.name} needs a value: the quotes are empty`, read.at);
  return value;
}

/** One value of a field, checked: `op` is a comparison written before it (`priority:>=70`). */
export function fieldLeaf(
  field: FieldInfo,
  side: SearchSide,
  read: ReadWord,
  op: CompareOp | null,
): SearchNode {
  const written = op === null && !read.phrase ? LEADING_OP.exec(read.value) : null;
  if (written) {
    // `priority:(>50 AND <80)`: inside a group the grammar leaves the operator in the word.
    const [, leading, rest] = written as unknown as [string, CompareOp, string];
    return fieldLeaf(field, side, { ...read, value: rest, at: read.at + leading.length }, leading);
  }
  if (field.kind === "priority") return priorityLeaf(field, read, op);
  if (field.kind === "time") return timeLeaf(field, read, op);
  if (op !== null) problem(`Only priority and closed_at compare; ${field.name} cannot`, read.at);
  if (field.kind === "address") return addressLeaf(field, side, read);
  return {
    type: "field",
    field: field.name as Exclude<FieldInfo["name"], "ip" | "src_ip" | "dst_ip" | "closed_at">,
    side,
    value: normalised(field, read),
    phrase: read.phrase,
    prefix: read.prefix && !read.wildcard,
    wildcard: read.wildcard,
    position: read.at,
  };
}
