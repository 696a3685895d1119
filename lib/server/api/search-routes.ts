import "server-only";
import { indexDatabase } from "@/lib/server/index/read-index";
import { readable } from "@/lib/server/index/search-where";
import { suggest } from "@/lib/server/index/suggest";
import { readView, type IndexInput } from "@/lib/server/reads/index-read";
import { mergedGroupScope, type SearchScope } from "@/lib/server/reads/scope";
import { ApiError } from "@/lib/shared/core/errors";
import { parseSuggestParams, type SearchSuggestions } from "@/lib/shared/search/suggestions";

// The search box's suggestions, from the index. The reads of a view (a list or the queue, its
// groups) are the read seam's (lib/server/reads), which decides where each comes from; they are
// named here too for the routes and tests that ask this module for them.

export { readSearch, type IndexInput } from "@/lib/server/reads/index-read";
export { groupList, searchList } from "@/lib/server/reads/list";
export { mergedList } from "@/lib/server/reads/queue";
export {
  deploymentScope,
  mergedGroupScope,
  visibleKeys,
  type SearchScope,
} from "@/lib/server/reads/scope";

/** Suggestions may stay in the analyst's browser a little while: the index moves slowly. */
export const SUGGEST_CACHE_CONTROL = "private, max-age=30";

/**
 * GET /api/d/{key}/alarms/suggest?field&prefix (and /api/d/all/…, which may name
 * `deployments`): what the search box offers, at most ten, from the deployments in scope.
 */
export async function searchSuggestions(
  url: URL,
  scope: SearchScope,
  { database }: IndexInput = {},
): Promise<SearchSuggestions> {
  const parsed = parseSuggestParams(url.searchParams);
  if (!parsed.ok) {
    throw new ApiError("invalid_request", parsed.problem.message, { param: parsed.problem.param });
  }
  const { field, prefix } = parsed.request;
  const deployments = readable(scope);
  const db = database ?? (await indexDatabase());
  const values = await readView(db, (tx) => suggest(tx, deployments, parsed.request), "prefix");
  return { field, prefix, values };
}

/**
 * The merged queue's suggestions: the `deployments` it names (a comma list of those the analyst may
 * see; 400 on it for any other), or all it shows, as for its groups.
 */
export function mergedSuggestScope(url: URL, allowed: readonly string[]): SearchScope {
  return mergedGroupScope(url, allowed);
}
