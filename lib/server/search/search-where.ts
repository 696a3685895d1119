import "server-only";
import type { Expression, Kysely, SqlBool } from "kysely";
import type { Database } from "@/lib/server/db/schema";
import type { AlarmFilters } from "@/lib/shared/alarms/query";
import type { SearchNode } from "@/lib/shared/search/ast";
import {
  compileSearch,
  textAtTop,
  type SearchScope,
} from "@/lib/server/search/query-language/compile";
import {
  mirroredCondition,
  mirroredTerm,
  statusMirrored,
  type Mirrored,
} from "@/lib/server/search/query-language/mirrored";
import { expandPrefixes, type WordExpansions } from "@/lib/server/mirror/words";
import { noteMatches } from "@/lib/server/search/note-matches";
import type { NoteMatches } from "@/lib/server/search/query-language/scope";

// Which rows of `alarms as a` a search reads: the deployments the analyst may see (a row filter
// inside every query, whatever else the query says), the parsed `q`, and the list's own filters
// as plain conditions on the narrow table. Every value is a parameter.

export interface SearchWhere {
  /** The deployments the analyst may see: no row of any other is ever read. */
  allowed: readonly string[];
  /** The deployments asked for (those not allowed are dropped, never read). */
  deployments: readonly string[];
  /** The parsed `q`; null = the filters alone. */
  search: SearchNode | null;
  /** The list's filters, a rolling range already resolved to absolute bounds. */
  filters: AlarmFilters;
  /** The words the search's prefixes begin (expandPrefixes); without them, looked up as prefixes. */
  words?: WordExpansions;
  /** The alarms whose notes hold each free-text term (noteMatches); without them, none do. */
  notes?: NoteMatches;
}

/**
 * The conditions every match meets on the columns the document mirrors: the list's status and
 * time filters, and the tree's own where it is an AND (or a single term) of status and priority.
 */
function mirroredOf(where: Pick<SearchWhere, "filters" | "search">): Mirrored[] {
  const search = where.search;
  const terms = search === null ? [] : search.type === "and" ? search.children : [search];
  const found = filtersMirrored(where.filters);
  for (const term of terms) {
    const mirrored = mirroredTerm(term);
    if (mirrored) found.push(mirrored);
  }
  return found;
}

/** The list's filters on the columns the document mirrors: its status and time range. */
function filtersMirrored(f: AlarmFilters): Mirrored[] {
  const found: Mirrored[] = [];
  if (f.status !== undefined) found.push(statusMirrored(f.status));
  if (f.timestamp_occured_gte !== undefined) {
    found.push({ column: "occurred_at", op: ">=", value: f.timestamp_occured_gte });
  }
  if (f.timestamp_occured_lte !== undefined) {
    found.push({ column: "occurred_at", op: "<=", value: f.timestamp_occured_lte });
  }
  return found;
}

/**
 * `where` with the words its prefixes begin and the alarms whose notes hold its free text, read
 * first (none when no deployment is readable).
 */
export async function withWords(db: Kysely<Database>, where: SearchWhere): Promise<SearchWhere> {
  const deployments = readable(where);
  if (deployments.length === 0) return where;
  const words = await expandPrefixes(db, where.search);
  return { ...where, words, notes: await noteMatches(db, deployments, where.search) };
}

/** The deployments a search reads: those asked for that the analyst may see, in asked order. */
export function readable({ allowed, deployments }: Pick<SearchWhere, "allowed" | "deployments">) {
  return [...new Set(deployments)].filter((key) => allowed.includes(key));
}

/**
 * How a query reads the matches: "find" them all from the side tables' indexes (a count, the
 * matches of a page gathered whole), or "walk" the alarms in a page's order, probing each (a page
 * of many matches: the count past the cap said they are dense).
 */
export type SearchPlan = "find" | "walk";

/** The whole condition (callers check `readable(where)` is not empty first). */
export function whereOf(
  eb: SearchScope,
  where: SearchWhere,
  plan: SearchPlan = "find",
): Expression<SqlBool> {
  const f = where.filters;
  // Found from the word index, free text at the top has its document's probe test the mirrored
  // filters (mirroredOf); a walk tests them on the alarm, whose indexes it walks.
  const onDocument = plan === "find" && where.search !== null && textAtTop(where.search);
  const deployments = readable(where);
  const parts: Expression<SqlBool>[] = [eb("a.deployment", "in", deployments)];
  // Tested on the document instead when it is probed at the top (mirroredOf).
  if (!onDocument) {
    for (const m of filtersMirrored(f)) parts.push(mirroredCondition(eb, "a", m));
  }
  if (f.suppressed !== undefined) parts.push(eb("a.suppressed", "=", f.suppressed));
  // Any of a filter's values; exact, as the upstream's own filters are.
  if (f.priority_label !== undefined) parts.push(eb("a.priority_label", "in", f.priority_label));
  if (f.rule_intent !== undefined) parts.push(eb("a.rule_intent", "in", f.rule_intent));
  if (f.rule_strategy !== undefined) parts.push(eb("a.rule_strategy", "in", f.rule_strategy));
  if (f.rule_method !== undefined) parts.push(eb("a.rule_method", "in", f.rule_method));
  if (f.alarm_sensor_sources !== undefined) {
    const sensors = f.alarm_sensor_sources.map((sensor) => sensor.toLowerCase());
    parts.push(eb("a.sensor", "in", sensors));
  }
  if (where.search) {
    const mirrored = mirroredOf(where);
    const context = {
      deployments,
      words: where.words,
      notes: where.notes,
      mirrored,
      mirroredOnDocument: onDocument,
      perRow: plan === "walk",
    };
    parts.push(compileSearch(where.search, eb, context));
  }
  return eb.and(parts);
}
