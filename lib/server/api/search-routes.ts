import "server-only";
import { allScopeOf } from "@/lib/server/deployments/scope";
import { groupList } from "@/lib/server/reads/list";
import { searchSuggestions } from "@/lib/server/reads/suggest";
import { scopeFor, type RequestContext, type ScopeFor } from "@/lib/server/services/context";
import { DEPLOYMENTS_KEY } from "@/lib/shared/alarms/view";
import type { RouteScope } from "./deployment-route";

// The routes' names for the index's reads of a view (a list or the queue, its groups) and the
// search box's suggestions: the read seam's (lib/server/reads), which decides where each view
// comes from.

export { readSearch, type IndexInput } from "@/lib/server/reads/index-read";
export { groupList, searchList } from "@/lib/server/reads/list";
export { allList } from "@/lib/server/reads/queue";
export { searchSuggestions } from "@/lib/server/reads/suggest";
export { allScopeOf, type SearchScope } from "@/lib/server/deployments/scope";

/** Suggestions may stay in the analyst's browser a little while: the index moves slowly. */
export const SUGGEST_CACHE_CONTROL = "private, max-age=30";

/**
 * Whose alarms a request of `scope`'s list reads, and whom for: its deployment; or, for every
 * deployment, those its `deployments` names (400 on it for one the analyst may not see), else
 * all they may see. `params`: what the request may hold beside the list's own parameters.
 */
export function listScope(
  url: URL,
  scope: RouteScope,
  context: RequestContext,
): { read: ScopeFor; params: string[] } {
  if (scope.kind === "deployment") return { read: scopeFor(context), params: [] };
  const { deployments } = allScopeOf(url, context.scope.allowed);
  return { read: scopeFor(context, deployments), params: [DEPLOYMENTS_KEY] };
}

/** GET /api/d/{key|all}/alarms/groups: one page of the scope's view's groups, from the index. */
export function scopeGroups(url: URL, scope: RouteScope, context: RequestContext) {
  const { read, params } = listScope(url, scope, context);
  return groupList(url, read, {}, params);
}

/** GET /api/d/{key|all}/alarms/suggest: what the search box offers from the scope's alarms. */
export function scopeSuggestions(url: URL, scope: RouteScope, context: RequestContext) {
  return searchSuggestions(url, listScope(url, scope, context).read);
}
