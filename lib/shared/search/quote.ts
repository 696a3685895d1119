// A value as the search language reads it back: on its own, so that what writes a term (a group's
// link, a pivot) does not bring the pivots' code along. Browser-safe.

// A bare value: letters, digits and a few separators, starting with a letter or digit, and not
// one of the language's operators. Anything else is quoted (IPv6 too: its colons read as fields
// in some Lucene dialects).
const BARE = /^[\p{L}\p{N}_][\p{L}\p{N}_@.\/-]*$/u;
const KEYWORD = /^(and|or|not)$/i;

/** `value` as the search language reads it back exactly: bare when it can be, quoted otherwise. */
export function quoteSearchValue(value: string): string {
  if (BARE.test(value) && !KEYWORD.test(value)) return value;
  return `"${value.replace(/[\\"]/g, "\\$&")}"`;
}
