import { queryOptions } from "@tanstack/react-query";
import { viewsApi, type SavedView, type SavedViews } from "@/lib/shared/triage/saved-views";
import { getJson, sendJson } from "./http";
import { viewKeys } from "./keys";

// The saved views' menu: its read and the writes that change it. Client-safe.

/** The analyst's views and the team's; read when the menu opens, and after each write. */
export function savedViewsQueryOptions() {
  return queryOptions({
    queryKey: viewKeys.all,
    queryFn: ({ signal }) => getJson<SavedViews>(viewsApi.list, { signal }),
    // Read again at each opening (what was known is shown meanwhile): a teammate's view just shared.
    staleTime: 0,
  });
}

export type ViewFields = Pick<SavedView, "name" | "view" | "shared">;

/** A write to the saved views' API: the view it answers with (none for a delete), or its ApiError. */
export async function writeView(
  method: "POST" | "PATCH" | "DELETE",
  url: string,
  body?: Partial<ViewFields>,
): Promise<SavedView | null> {
  const answer = await sendJson<SavedView>(method, url, { body });
  return method === "DELETE" ? null : answer; // a delete answers {deleted}, not a view
}
