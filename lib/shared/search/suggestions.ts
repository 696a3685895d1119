// What the search box asks as one types, and what it is told: GET /api/d/{key}/alarms/suggest
// (or /api/d/all/...) ?field=host&prefix=we answers the values of that field the index holds
// (hosts, users, addresses, rules, techniques, tactics, labels...), ?prefix=sr alone the field
// names. One parser for the route; the box reads the words it stands in. Browser-safe, no zod.

import { SEARCH_ALIASES, SEARCH_FIELDS, resolveSearchField } from "./fields";

/** The most suggestions one answer holds. */
export const MAX_SUGGESTIONS = 10;
/** A prefix longer than this suggests nothing more useful than the search itself. */
const MAX_SUGGEST_PREFIX = 100;

/** GET …/alarms/suggest: the field asked about (null: names of fields), and its values. */
export interface SearchSuggestions {
  field: string | null;
  prefix: string;
  values: string[];
}

export type SuggestRequest = { field: string | null; prefix: string };

export type SuggestProblem = { param: "field" | "prefix"; message: string };

/** Reads the route's parameters: a known field (or none) and a prefix of 1 to 100 characters. */
export function parseSuggestParams(
  params: URLSearchParams,
): { ok: true; request: SuggestRequest } | { ok: false; problem: SuggestProblem } {
  const fields = params.getAll("field");
  const prefixes = params.getAll("prefix");
  if (fields.length > 1) {
    return { ok: false, problem: { param: "field", message: "field may be given only once" } };
  }
  if (prefixes.length !== 1) {
    return {
      ok: false,
      problem: { param: "prefix", message: "prefix is required, once: what has been typed" },
    };
  }
  const prefix = prefixes[0]!;
  if (prefix.trim().length < 1 || prefix.length > MAX_SUGGEST_PREFIX) {
    return {
      ok: false,
      problem: {
        param: "prefix",
        message: `prefix must be 1 to ${MAX_SUGGEST_PREFIX} characters`,
      },
    };
  }
  if (/[\u0000-\u001f\u007f]/.test(prefix)) {
    return {
      ok: false,
      problem: { param: "prefix", message: "prefix must not contain control characters" },
    };
  }
  const field = fields[0] ?? null;
  if (field !== null && resolveSearchField(field)?.kind !== "field") {
    const names = SEARCH_FIELDS.map((known) => known.name).join(", ");
    return {
      ok: false,
      problem: { param: "field", message: `field must be one of ${names} (or an alias)` },
    };
  }
  return { ok: true, request: { field, prefix } };
}

/** Field names (ours first, then the aliases) that start with `prefix`, for the box. */
export function fieldNameSuggestions(prefix: string, limit = MAX_SUGGESTIONS): string[] {
  const typed = prefix.trim().toLowerCase();
  const names = [
    ...SEARCH_FIELDS.map((field) => field.name as string),
    ...SEARCH_ALIASES.map((alias) => alias.alias),
  ];
  return names.filter((name) => name.startsWith(typed)).slice(0, limit);
}
