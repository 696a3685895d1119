"use client";
// The saved views' menu's data: the views (read once the menu opens) and the writes that change them.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { viewKeys } from "@/lib/shared/queries/keys";
import {
  savedViewsQueryOptions,
  writeView,
  type ViewFields,
} from "@/lib/shared/queries/view-options";
import { viewsApi } from "@/lib/shared/triage/saved-views";

type Write =
  | { method: "POST"; url: string; body: ViewFields }
  | { method: "PATCH"; url: string; body: Partial<ViewFields> }
  | { method: "DELETE"; url: string };

/** The address the analyst is looking at: what "Save this view" keeps. */
export function currentView(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Each write rejects with the ApiError the server said (a name taken, a view refused). */
export function useSavedViews() {
  const client = useQueryClient();
  const views = useQuery(savedViewsQueryOptions());
  const { mutateAsync, isPending } = useMutation({
    mutationFn: (write: Write) =>
      writeView(write.method, write.url, "body" in write ? write.body : undefined),
    onSettled: () => client.invalidateQueries({ queryKey: viewKeys.all }),
  });
  return {
    views,
    busy: isPending,
    save: (body: ViewFields) => mutateAsync({ method: "POST", url: viewsApi.list, body }),
    change: (id: string, body: Partial<ViewFields>) =>
      mutateAsync({ method: "PATCH", url: viewsApi.one(id), body }),
    remove: (id: string) => mutateAsync({ method: "DELETE", url: viewsApi.one(id) }),
  };
}

export type SavedViewsState = ReturnType<typeof useSavedViews>;
