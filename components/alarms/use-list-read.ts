"use client";
// What a list reads for its rows, whatever its scope: the page of its view (numbered, or by time
// where a list of several cannot have the index), the next one before the analyst asks for it,
// and the live queue of what arrived since (watched where the page is numbered).

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { isTimePaged } from "@/lib/shared/alarms/list-pages";
import { type ListView, viewApiSearch } from "@/lib/shared/alarms/view";
import { withCursor, withPage } from "@/lib/shared/alarms/view-changes";
import type { ListScope } from "@/lib/shared/deployments/scope";
import { asApiError, listQueryOptions } from "@/lib/shared/queries/query-options";
import { useLiveRows } from "@/components/live/use-live-rows";
import { isSearchError } from "@/components/search/search-errors";
import { isPastTheEnd } from "./list-rows";

/**
 * The rows of `view` in `scope`'s list (its path's), read only while the view is not grouped.
 * `keys`: the deployments the view reads (its live watch names them). `data` is the answer while
 * rows are shown, `fresh` once it is the current view's, `numbered` when it has page numbers.
 */
export function useListRead(scope: ListScope, view: ListView, keys: readonly string[]) {
  const queryClient = useQueryClient();
  const { query, group } = view;
  const result = useQuery({
    ...listQueryOptions(scope, view),
    placeholderData: keepPreviousData,
    enabled: group === undefined,
  });
  const data = group ? undefined : result.data;
  const fresh = data !== undefined && !result.isPlaceholderData;
  const numbered = data !== undefined && !isTimePaged(data) ? data : undefined;

  // The next page (or the older one, paged by time) is fetched before the analyst asks for it.
  const next = useMemo(() => {
    if (!fresh) return null;
    if (!isTimePaged(data)) {
      return query.page + 1 < data.page.totalPages ? withPage(view, query.page + 1) : null;
    }
    return data.older !== null ? withCursor(view, data.older) : null;
  }, [fresh, data, query.page, view]);
  const nextSearch = next && viewApiSearch(next);
  useEffect(() => {
    if (next !== null) void queryClient.prefetchQuery(listQueryOptions(scope, next));
    // The next view is named by its search: a new object of the same view asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nextSearch, scope, queryClient]);

  const searchFails = !group && result.isError && isSearchError(asApiError(result.error));
  const live = useLiveRows({
    scope,
    view,
    keys,
    page: fresh ? numbered : undefined,
    searchFails,
  });
  const pastEnd = isPastTheEnd(data, view);
  return { result, data, fresh, numbered, pastEnd, live };
}
