// The search box's reading of what is being typed, as pure functions: which term the caret is
// in (a field's value, or a word that may become a field's name), how a chosen suggestion is
// written into the text, and the stretch of a long query shown with a caret under a problem.
// Browser-safe.

/** The term around the caret: [start, end) of the text, and what it says so far. */
export interface TypedTerm {
  start: number;
  end: number;
  /** The field named before a `:` (as typed), or null for a bare word. */
  field: string | null;
  /** The value typed so far (up to the caret), without an opening quote. */
  value: string;
}

const BREAK = /[\s()]/;
const KEYWORDS = new Set(["and", "or", "not"]);

/** Where each unquoted term starts and ends (quotes keep spaces and parentheses inside). */
function termBounds(text: string, caret: number): { start: number; end: number } {
  let start = 0;
  let quoted = false;
  for (let i = 0; i < caret; i++) {
    const char = text[i]!;
    if (char === "\\") i++;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && BREAK.test(char)) start = i + 1;
  }
  let end = caret;
  while (end < text.length && (quoted || !BREAK.test(text[end]!))) {
    if (text[end] === '"') quoted = !quoted;
    end++;
  }
  return { start, end };
}

/** The term the caret is in, or null where a suggestion has nothing to go on. */
export function termAt(text: string, caret: number): TypedTerm | null {
  const { start, end } = termBounds(text, caret);
  const typed = text.slice(start, caret).replace(/^[-+]/, "");
  const lead = text.slice(start, caret).length - typed.length;
  if (typed === "") return null;
  const colon = typed.indexOf(":");
  if (colon < 0 || typed.startsWith('"')) {
    if (KEYWORDS.has(typed.toLowerCase()) || typed.startsWith('"')) return null;
    return { start: start + lead, end, field: null, value: typed };
  }
  const field = typed.slice(0, colon);
  if (field === "") return null;
  const value = typed.slice(colon + 1).replace(/^"/, "");
  return { start: start + lead, end, field, value };
}

/** A value as the language reads it: quoted when it holds a space, quote, colon or bracket. */
export function quoteValue(value: string): string {
  return /^[^\s"():\\*]+$/.test(value) ? value : `"${value.replace(/["\\]/g, "\\$&")}"`;
}

/**
 * The text with `term` replaced by a chosen field name (`name:`, ready for its value) or value
 * (`field:value `), and where the caret goes after it.
 */
export function withChoice(
  text: string,
  term: TypedTerm,
  choice: { field: string } | { value: string },
): { text: string; caret: number } {
  const written =
    "field" in choice ? `${choice.field}:` : `${term.field}:${quoteValue(choice.value)} `;
  const after = text.slice(term.end).replace(/^ /, "");
  const next = text.slice(0, term.start) + written + after;
  return { text: next, caret: term.start + written.length };
}

/**
 * The stretch of `q` around `position` (at most `width` characters, marked with … where cut) and
 * the caret's column in it: what the box shows under a problem.
 */
export function problemWindow(
  q: string,
  position: number,
  width = 60,
): { text: string; caret: number } {
  const at = Math.max(0, Math.min(position, q.length));
  const flat = q.replace(/[\s]/g, " ");
  if (flat.length <= width) return { text: flat, caret: at };
  const from = Math.max(0, Math.min(at - Math.floor(width / 2), flat.length - width));
  const to = Math.min(flat.length, from + width);
  const head = from > 0 ? "…" : "";
  const tail = to < flat.length ? "…" : "";
  return { text: `${head}${flat.slice(from, to)}${tail}`, caret: at - from + head.length };
}
