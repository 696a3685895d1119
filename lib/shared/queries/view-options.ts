import { queryOptions } from "@tanstack/react-query";
import { ApiError } from "@/lib/shared/core/errors";
import { viewsApi, type SavedView, type SavedViews } from "@/lib/shared/triage/saved-views";
import { fetchJson, retryDelay, shouldRetry, toApiError } from "./query-options";

// The saved views' menu: its key, its read and the writes that change it. Client-safe.

export const viewKeys = {
  all: ["views"] as const,
};

/** The analyst's views and the team's; read when the menu opens, and after each write. */
export function savedViewsQueryOptions() {
  return queryOptions({
    queryKey: viewKeys.all,
    queryFn: ({ signal }) => fetchJson<SavedViews>(viewsApi.list, signal),
    // Read again at each opening (what was known is shown meanwhile): a teammate's view just shared.
    staleTime: 0,
    retry: shouldRetry,
    retryDelay,
  });
}

export type ViewFields = Pick<SavedView, "name" | "view" | "shared">;

/** A write to the saved views' API: the view it answers with, or the ApiError it said. */
export async function writeView(
  method: "POST" | "PATCH" | "DELETE",
  url: string,
  body?: Partial<ViewFields>,
): Promise<SavedView | null> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    throw new ApiError("internal", "Could not reach the Alarm Console server.", { cause: error });
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response, answer);
  return method === "DELETE" ? null : (answer as SavedView); // checked by the server
}
