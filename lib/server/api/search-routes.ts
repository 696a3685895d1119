import "server-only";
import { mergedGroupScope, type SearchScope } from "@/lib/server/deployments/scope";

// The routes' names for the index's reads of a view (a list or the queue, its groups) and the
// search box's suggestions: the read seam's (lib/server/reads), which decides where each view
// comes from.

export { readSearch, type IndexInput } from "@/lib/server/reads/index-read";
export { groupList, searchList } from "@/lib/server/reads/list";
export { mergedList } from "@/lib/server/reads/queue";
export { searchSuggestions } from "@/lib/server/reads/suggest";
export { mergedGroupScope, type SearchScope } from "@/lib/server/deployments/scope";

/** Suggestions may stay in the analyst's browser a little while: the index moves slowly. */
export const SUGGEST_CACHE_CONTROL = "private, max-age=30";

/**
 * The merged queue's suggestions: the `deployments` it names (a comma list of those the analyst may
 * see; 400 on it for any other), or all it shows, as for its groups.
 */
export function mergedSuggestScope(url: URL, allowed: readonly string[]): SearchScope {
  return mergedGroupScope(url, allowed);
}
