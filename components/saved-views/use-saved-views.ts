"use client";
// The saved views' menu's data: the views (read once the menu opens) and the writes that change them.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "@/lib/shared/queries/http";
import { viewKeys } from "@/lib/shared/queries/keys";
import {
  savedViewsQueryOptions,
  writeView,
  type ViewFields,
} from "@/lib/shared/queries/view-options";
import { viewsApi, type SavedView } from "@/lib/shared/triage/saved-views";

type Write =
  | { method: "POST"; url: string; body: ViewFields }
  | { method: "PATCH"; url: string; body: Partial<ViewFields> }
  | { method: "DELETE"; url: string }
  | { method: "PUT" | "DELETE"; url: string; defaults: true };

/** The address the analyst is looking at: what "Save this view" keeps. */
export function currentView(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** What a default view is the default of, as its row says. */
export function defaultNote(view: SavedView): string {
  return view.view.startsWith("/d/all/")
    ? "Default of every deployment's list"
    : "Default of deployment lists";
}

/** Each write rejects with the ApiError the server said (a name taken, a view refused). */
export function useSavedViews() {
  const client = useQueryClient();
  const views = useQuery(savedViewsQueryOptions());
  const { mutateAsync, isPending } = useMutation({
    mutationFn: (write: Write) =>
      "defaults" in write
        ? sendJson(write.method, write.url, {})
        : writeView(write.method, write.url, "body" in write ? write.body : undefined),
    onSettled: () => client.invalidateQueries({ queryKey: viewKeys.all }),
  });
  return {
    views,
    busy: isPending,
    save: (body: ViewFields) => mutateAsync({ method: "POST", url: viewsApi.list, body }),
    change: (id: string, body: Partial<ViewFields>) =>
      mutateAsync({ method: "PATCH", url: viewsApi.one(id), body }),
    remove: (id: string) => mutateAsync({ method: "DELETE", url: viewsApi.one(id) }),
    /** Makes the view the analyst's default of its kind (`on`), or stops. */
    setDefault: (id: string, on: boolean) =>
      mutateAsync({ method: on ? "PUT" : "DELETE", url: viewsApi.default(id), defaults: true }),
  };
}

export type SavedViewsState = ReturnType<typeof useSavedViews>;
