import "server-only";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { ApiError } from "@/lib/shared/core/errors";
import { isEverySegment } from "@/lib/shared/deployments/scope";
import type { LiveView } from "@/lib/shared/live/view-id";
import { chooseSource } from "./policy";

// A live watch of a view, from where READ_RULES says: the upstream, polled; or the index, read
// when its sync writes (lib/server/live/watch.ts follows `source`).

/**
 * The view to watch, with where its watch reads from; 400 on `q` for a search the index cannot
 * read (saying what, as the list's).
 */
export function watchedView(view: LiveView): LiveView {
  if (view.query.q !== undefined) {
    const parsed = parseSearch(view.query.q);
    if (!parsed.ok) {
      const message = `This search cannot be read: ${parsed.problem.message}`;
      throw new ApiError("invalid_request", message, { param: "q" });
    }
  }
  const scope = isEverySegment(view.deployment) ? "all" : "deployment";
  const choice = chooseSource({ kind: "watch", scope, query: view.query });
  // A watch is never refused here: an index it cannot read is its state's error, retried.
  return { ...view, source: choice.source === "upstream" ? "upstream" : "index" };
}
