"use client";
// The live side of the queue of every deployment (one deployment's list has useLiveRows): watched
// from the index's own changes, so only where the queue reads its numbered pages there.

import { type UseQueryResult, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { type MergedView, mergedApiSearch, withPage } from "@/lib/shared/alarms/merged-url";
import type { MergedQueuePage } from "@/lib/shared/alarms/merged-types";
import { ALL_DEPLOYMENTS } from "@/lib/shared/deployments/types";
import { liveViewId } from "@/lib/shared/live/view-id";
import { asApiError, mergedQueryOptions } from "@/lib/shared/queries/query-options";
import { useLiveViewRows } from "@/components/live/use-live-rows";
import { isSearchError } from "@/components/search/search-errors";

/**
 * What arrived in the queue's view since its first page was read. `data`: the rows' answer (none
 * while grouped), `fresh` once it is the current view's; `visible` the deployments the analyst may
 * see (the view's when it names none).
 */
export function useQueueLive({
  view,
  visible,
  result,
  data,
  fresh,
}: {
  view: MergedView;
  visible: readonly { key: string }[];
  result: UseQueryResult<MergedQueuePage, unknown>;
  data: MergedQueuePage | undefined;
  fresh: boolean;
}) {
  const queryClient = useQueryClient();
  const { query } = view;
  const liveView = useMemo(
    () =>
      liveViewId(
        ALL_DEPLOYMENTS,
        query,
        view.deployments.length > 0 ? view.deployments : visible.map((d) => d.key),
      ),
    [query, view.deployments, visible],
  );
  const refetchRows = result.refetch;
  const followingPage = mergedApiSearch(withPage(view, query.page + 1));
  return useLiveViewRows({
    view: liveView,
    firstPage: view.cursor === null && query.page === 0 && !view.group,
    searchFails: result.isError && isSearchError(asApiError(result.error)),
    page: fresh && data?.paging === "pages" ? data : undefined,
    show: useCallback(() => {
      void refetchRows();
      // The next page, prefetched before, no longer follows this one: read it again with it.
      void queryClient.invalidateQueries({
        queryKey: mergedQueryOptions(followingPage).queryKey,
        refetchType: "none",
      });
    }, [refetchRows, queryClient, followingPage]),
  });
}
