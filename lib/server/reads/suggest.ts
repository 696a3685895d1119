import "server-only";
import { indexDatabase } from "@/lib/server/search/read-index";
import { readable } from "@/lib/server/search/search-where";
import { suggest } from "@/lib/server/search/suggest";
import { ApiError } from "@/lib/shared/core/errors";
import { parseSuggestParams, type SearchSuggestions } from "@/lib/shared/search/suggestions";
import { readView, type IndexInput } from "./index-read";
import type { ScopeFor } from "@/lib/server/deployments/scope";

// What the search box offers: values the index holds, of the deployments in scope. Not a view
// (nothing for the policy to choose): the index alone holds them.

/**
 * GET /api/d/{key}/alarms/suggest?field&prefix (and /api/d/all/…, which may name
 * `deployments`): what the search box offers, at most ten, from the deployments in scope.
 */
export async function searchSuggestions(
  url: URL,
  scope: ScopeFor,
  { database }: IndexInput = {},
): Promise<SearchSuggestions> {
  const parsed = parseSuggestParams(url.searchParams);
  if (!parsed.ok) {
    throw new ApiError("invalid_request", parsed.problem.message, { param: parsed.problem.param });
  }
  const { field, prefix } = parsed.request;
  const deployments = readable(scope);
  const db = database ?? (await indexDatabase());
  const values = await readView(db, (tx) => suggest(tx, deployments, parsed.request), {
    analyst: scope.analyst,
    param: "prefix",
  });
  return { field, prefix, values };
}
