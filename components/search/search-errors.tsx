"use client";
// A search's own errors as the list meets them: which they are, what the box shows of them, and
// the panel that takes the rows' place (its code fetched when first shown, as it is rare).

import { lazyComponent } from "@/components/lazy";
import type { ApiError } from "@/lib/shared/core/errors";
import type { SearchProblem } from "./search-box";

const Panel = lazyComponent(() => import("./search-states").then((m) => m.SearchErrorPanel));

/** Whether `error` is the search's own: unreadable or too slow (400 on q), or no index (503). */
export function isSearchError(error: ApiError): boolean {
  return (
    error.code === "index_unavailable" || (error.code === "invalid_request" && error.param === "q")
  );
}

/** What the box says under the text for the URL's search, if the server could not read it. */
export function searchProblem(error: ApiError | null): SearchProblem | null {
  if (!error || error.code !== "invalid_request" || error.param !== "q") return null;
  return { message: error.message, position: error.position ?? null };
}

/** The list's errorView: the search's own panel for its errors, the usual one for the rest. */
export function searchErrorView(
  onClear: () => void,
  retry: { onRetry: () => void; retrying: boolean },
) {
  return function SearchError(error: ApiError) {
    return isSearchError(error) ? <Panel error={error} onClear={onClear} {...retry} /> : null;
  };
}
