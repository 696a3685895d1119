import "server-only";
import type { Expression, SqlBool } from "kysely";
import type { AlarmFilters } from "@/lib/shared/alarms/query";
import type { SearchNode } from "@/lib/shared/search/ast";
import { compileSearch, type SearchScope } from "./query-language/compile";

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
}

/** The deployments a search reads: those asked for that the analyst may see, in asked order. */
export function readable({ allowed, deployments }: Pick<SearchWhere, "allowed" | "deployments">) {
  return [...new Set(deployments)].filter((key) => allowed.includes(key));
}

/** The whole condition (callers check `readable(where)` is not empty first). */
export function whereOf(eb: SearchScope, where: SearchWhere): Expression<SqlBool> {
  const f = where.filters;
  const parts: Expression<SqlBool>[] = [eb("a.deployment", "in", readable(where))];
  if (f.status !== undefined) parts.push(eb("a.status", "=", f.status));
  if (f.suppressed !== undefined) parts.push(eb("a.suppressed", "=", f.suppressed));
  if (f.priority_label !== undefined) parts.push(eb("a.priority_label", "=", f.priority_label));
  // Exact, as the upstream's own filters are.
  if (f.rule_intent !== undefined) parts.push(eb("a.rule_intent", "=", f.rule_intent));
  if (f.rule_strategy !== undefined) parts.push(eb("a.rule_strategy", "=", f.rule_strategy));
  if (f.rule_method !== undefined) parts.push(eb("a.rule_method", "=", f.rule_method));
  if (f.alarm_sensor_sources !== undefined) {
    parts.push(eb("a.sensor", "=", f.alarm_sensor_sources.toLowerCase()));
  }
  if (f.timestamp_occured_gte !== undefined) {
    parts.push(eb("a.occurred_at", ">=", f.timestamp_occured_gte));
  }
  if (f.timestamp_occured_lte !== undefined) {
    parts.push(eb("a.occurred_at", "<=", f.timestamp_occured_lte));
  }
  if (where.search) parts.push(compileSearch(where.search, eb));
  return eb.and(parts);
}
