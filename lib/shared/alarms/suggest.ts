// Filter suggestions over the values the catalogue knows (GET /api/d/{key}/alarms/catalogue, ranked by
// how often each was seen): matches as one types, and the nearest values for the list's "no
// alarms match: did you mean..." hint. Client-safe and free of zod; `known` keeps its order
// within each kind of match, so the catalogue's ranking decides ties.

/** Lower case, accents off, runs of spaces as one: how typed text and values are compared. */
function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Where `needle` occurs in `hay` at the start of a word, or -1. */
function wordStart(hay: string, needle: string): number {
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    if (!isWordChar(hay[at - 1])) return at;
  }
  return -1;
}

/**
 * How well `value` matches what was typed, best first: 0 the same, 1 a prefix, 2 a prefix of a
 * word in it, 3 elsewhere inside it, 4 every typed word inside it (any order); null no match.
 */
function matchRank(value: string, typed: string): number | null {
  if (value === typed) return 0;
  if (value.startsWith(typed)) return 1;
  if (wordStart(value, typed) >= 0) return 2;
  if (value.includes(typed)) return 3;
  const words = typed.split(" ");
  if (words.length > 1 && words.every((word) => value.includes(word))) return 4;
  return null;
}

/**
 * The known values that contain what was typed, case-insensitively, for a suggestion list as one
 * types: whole matches, then prefixes, then word starts, then anywhere, then every typed word
 * anywhere. Nothing typed: the first `limit` known values (the most often seen).
 */
export function matchSuggestions(input: string, known: readonly string[], limit = 10): string[] {
  const typed = fold(input);
  const unique = [...new Set(known)];
  if (typed === "") return unique.slice(0, limit);
  return unique
    .map((value, index) => ({ value, index, rank: matchRank(fold(value), typed) }))
    .filter((match): match is { value: string; index: number; rank: number } => match.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((match) => match.value);
}

/** Beyond this distance (0 same .. 1 nothing alike) a value is not offered as "did you mean". */
const MAX_DISTANCE = 0.4;
/** Edit distances are computed on this many characters at most (values are short names). */
const MAX_COMPARED = 64;

/** Levenshtein distance of a and b over the length of the longer: 0 same, 1 nothing shared. */
function editRatio(a: string, b: string): number {
  const x = a.slice(0, MAX_COMPARED);
  const y = b.slice(0, MAX_COMPARED);
  if (x.length === 0 || y.length === 0) return x === y ? 0 : 1;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const substitution = previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1);
      row.push(Math.min(substitution, previous[j]! + 1, row[j - 1]! + 1));
    }
    previous = row;
  }
  return previous[y.length]! / Math.max(x.length, y.length);
}

/**
 * How far `value` is from what was typed: the least of the whole texts' edit distance, the typed
 * words' mean distance to their nearest words of the value (so "brut forse" is near "Brute Force
 * Authentication"), and, for a value inside the typed text, the share of the text it leaves out.
 */
function distance(value: string, typed: string): number {
  // The length difference alone is a lower bound of the whole texts' distance: skip hopeless ones.
  const longer = Math.max(value.length, typed.length);
  const whole =
    Math.abs(value.length - typed.length) / longer > MAX_DISTANCE ? 1 : editRatio(value, typed);
  const valueWords = value.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  // A handful of words is all a name has; more (a crafted link) would only cost time.
  const typedWords = typed
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  const words =
    valueWords.length && typedWords.length
      ? typedWords.reduce(
          (sum, word) => sum + Math.min(...valueWords.map((other) => editRatio(word, other))),
          0,
        ) / typedWords.length
      : 1;
  const inside = value.length >= 3 && typed.includes(value) ? 1 - value.length / typed.length : 1;
  return Math.min(whole, words, inside);
}

/**
 * The known values nearest to a text that matched nothing, for "did you mean...": those that
 * contain it first (as matchSuggestions orders them), then the closest by edit distance and
 * shared words, none further than MAX_DISTANCE (an unrelated value is no hint). At most `limit`.
 */
export function nearestValues(input: string, known: readonly string[], limit = 3): string[] {
  // Folding can lengthen text many times over (NFKD turns U+FDFA into 18 characters).
  const typed = fold(input).slice(0, 2 * MAX_COMPARED);
  if (typed === "" || limit <= 0) return [];
  const containing = matchSuggestions(input, known, limit);
  if (containing.length >= limit) return containing;
  const taken = new Set(containing);
  const near = [...new Set(known)]
    .filter((value) => !taken.has(value))
    .map((value, index) => ({ value, index, distance: distance(fold(value), typed) }))
    .filter((candidate) => candidate.distance <= MAX_DISTANCE)
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .map((candidate) => candidate.value);
  return [...containing, ...near].slice(0, limit);
}
