"use client";
// The queue of every deployment the analyst may see: the list kit, from the index (numbered pages
// in any order, the overview, groups), or by time from each upstream where the index cannot be had.

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import {
  type MergedProblem,
  type MergedView,
  isCanonicalMerged,
  mergedApiSearch,
  mergedHref,
  parseMergedView,
  withDeployments,
  withFilters,
  withGroup,
  withPage,
  withSearch,
  withZone,
} from "@/lib/shared/alarms/merged-url";
import type { AlarmFilters } from "@/lib/shared/alarms/query";
import { mergedQueryOptions } from "@/lib/shared/queries/query-options";
import { useDeployments } from "@/components/deployments/deployment-context";
import { ALL_DEPLOYMENTS } from "@/lib/shared/deployments/types";
import { CopyLinkMenu } from "@/components/list/copy-link-menu";
import { SavedViewsMenu } from "@/components/saved-views/saved-views-menu";
import { ListFrame, ListHeader, useListTop } from "@/components/list/list-frame";
import { GroupsLine, useGroupsRead } from "@/components/list/list-groups";
import { ListToolbar } from "@/components/list/list-toolbar";
import { FailureBanners } from "@/components/list/lazy-states";
import { TableSkeleton } from "@/components/list/table-skeleton";
import { lazyComponent } from "@/components/lazy";
import { RateLimitWatch } from "@/components/list/rate-limit-watch";
import { useLastProblems, useListTitle } from "@/components/list/use-list-chrome";
import { usePageKeys } from "@/components/list/use-list-keyboard";
import { useSuggestions } from "@/components/list/use-suggestions";
import { type ViewUrl, useViewUrl } from "@/components/list/use-view-url";
import { ExportButton } from "@/components/export/export-dialog";
import { LiveBar } from "@/components/live/live-bar";
import { AlarmOverview } from "@/components/overview/lazy-alarm-overview";
import { BulkBar } from "@/components/triage/lazy-bulk-bar";
import { SelectionProvider } from "@/components/triage/selection";
import { useScrollMemory } from "@/components/alarms/scroll-memory";
import { IndexGaps } from "./index-gaps";
import { MergedRows, isPastTheEnd } from "./merged-rows";
import { MergedSummary } from "./merged-summary";
import { useQueueLive } from "./use-queue-live";

// Only a grouped queue needs the groups' code: fetched when grouping is near (the pointer over the
// grouping controls, focus in them) or a grouped view is rendered; a skeleton until it is there.
const MergedGroups = lazyComponent(
  () => import("./merged-groups").then((m) => m.MergedGroups),
  <TableSkeleton rows={20} deployments />,
);

/** The queue's URL, read against the deployments the analyst may see (as the API reads it). */
function mergedUrl(known: readonly string[]): ViewUrl<MergedView, MergedProblem> {
  return {
    parse: (params) => parseMergedView(params, known),
    href: (view) => mergedHref(view),
    isCanonical: isCanonicalMerged,
  };
}

const ALL_NAMED = { name: "All deployments" };

/** The merged queue: URL state in, rows or groups out. */
export function MergedQueue() {
  const queryClient = useQueryClient();
  const visible = useDeployments();
  const url = useMemo(() => mergedUrl(visible.map((deployment) => deployment.key)), [visible]);
  const { view, problems, navigate } = useViewUrl(url);
  const { query, group } = view;
  const nameOf = useCallback(
    (key: string) => visible.find((deployment) => deployment.key === key)?.name ?? key,
    [visible],
  );
  const [notice, dismissNotice] = useLastProblems(problems);

  const result = useQuery({
    ...mergedQueryOptions(mergedApiSearch(view)),
    placeholderData: keepPreviousData,
    enabled: group === undefined,
  });
  // Grouped, the queue's groups (from the index) stand where its rows would.
  const grouped = useGroupsRead(ALL_DEPLOYMENTS, query, group, view.deployments, view.groupSort);
  const { groups, data: groupsData } = grouped;
  const data = group ? undefined : result.data;
  const fresh = data !== undefined && !result.isPlaceholderData;
  const indexed = data?.paging === "pages" ? data : undefined;
  // Back from a detail: the page where it was, scrolled as it was, the row opened focused.
  useScrollMemory(fresh);

  // The next page (or the older one, paged by time) is fetched before the analyst asks for it.
  const nextSearch = !fresh
    ? null
    : data.paging === "pages"
      ? query.page + 1 < data.page.totalPages
        ? mergedApiSearch(withPage(view, query.page + 1))
        : null
      : data.older !== null
        ? mergedApiSearch({ ...view, cursor: data.older })
        : null;
  useEffect(() => {
    if (nextSearch !== null) void queryClient.prefetchQuery(mergedQueryOptions(nextSearch));
  }, [nextSearch, queryClient]);

  // The live queue, from the index's own changes: what arrived since the first page was read.
  const live = useQueueLive({ view, visible, result, data, fresh });

  const total = fresh && data.paging === "pages" ? data.page.totalElements : undefined;
  useListTitle(query, total ?? grouped.fresh?.alarms, ALL_NAMED, live.live.arrived.length);

  const { listTop, go } = useListTop(navigate);
  const setFilters = (filters: AlarmFilters) => go(withFilters(view, filters));
  const setSearch = (q: string | undefined) => go(withSearch(view, q));
  const searching = query.q !== undefined;
  const totalPages = (group ? groupsData?.page.totalPages : indexed?.page.totalPages) ?? 0;
  const setPage = useCallback(
    (page: number) => go(withPage(view, page), { toTop: true }),
    [view, go],
  );
  const cursorTo = useCallback(
    (cursor: string | null | undefined) => {
      if (cursor) go({ ...view, cursor }, { toTop: true });
    },
    [view, go],
  );
  const older = data?.paging === "cursor" && fresh ? data.older : null;
  const newer = data?.paging === "cursor" && fresh ? data.newer : null;
  const atCursor = view.cursor !== null;
  const searchInput = usePageKeys({
    page: query.page,
    totalPages,
    onPage: setPage,
    byTime: useMemo(
      () => ({ older, newer, atCursor, onCursor: cursorTo }),
      [older, newer, atCursor, cursorTo],
    ),
  });

  // What the page reads: the answer's list once there is one, else what the URL names.
  const shown =
    data?.deployments ??
    (view.deployments.length > 0 ? view.deployments : visible.map((d) => d.key));
  const across = shown.map(nameOf).join(", ");
  const suggestions = useSuggestions(shown, data?.alarms);
  // The overview and groups are the index's: not offered where the queue reads each upstream.
  const byIndex = group !== undefined || data?.paging === "pages";

  return (
    <SelectionProvider view={mergedApiSearch(view)}>
      <ListFrame zone={view.tz}>
        <ListHeader
          title="All deployments"
          zone={view.tz}
          onZone={(tz) => go(withZone(view, tz))}
          summary={
            group ? (
              <GroupsLine read={grouped} detail={() => ` across ${across}`} />
            ) : data ? (
              <MergedSummary
                data={data}
                page={query.page}
                across={across}
                searched={searching}
                pastEnd={isPastTheEnd(data, view)}
                fetching={result.isFetching && !result.isError}
              />
            ) : null
          }
        >
          <SavedViewsMenu />
          <CopyLinkMenu
            filters={query.filters}
            resolved={fresh ? data.occurred : undefined}
            hrefFor={(filters) => mergedHref({ ...view, query: { ...query, filters } })}
          />
          {/* From the index: not offered where the queue reads each upstream by time. */}
          {byIndex ? (
            <ExportButton scope={ALL_DEPLOYMENTS} view={view} deployments={view.deployments} />
          ) : null}
        </ListHeader>
        <ListToolbar
          notice={notice}
          onDismiss={dismissNotice}
          query={query}
          zone={view.tz}
          read={group ? groups : result}
          scope={ALL_DEPLOYMENTS}
          deployments={view.deployments}
          inputRef={searchInput}
          onSearch={setSearch}
          resolved={data?.occurred}
          suggestions={suggestions}
          onFilters={setFilters}
          pick={{
            visible,
            selected: view.deployments,
            onChange: (keys) => go(withDeployments(view, keys)),
          }}
          group={group}
          onGroup={(fields) => go(withGroup(view, fields))}
          onGroupIntent={MergedGroups.preload}
        />
        {byIndex ? (
          <AlarmOverview
            deployment={ALL_DEPLOYMENTS}
            deployments={view.deployments}
            filters={query.filters}
            q={query.q}
            zone={view.tz}
            ready
            onFilter={setFilters}
          />
        ) : null}
        {data && !result.isError ? (
          <IndexGaps gaps={data.gaps ?? []} nameOf={nameOf} query={query} tz={view.tz} />
        ) : null}
        <RateLimitWatch result={result} />
        {/* Watched from the index: where the queue reads each upstream instead, nothing watches. */}
        {indexed && !result.isError ? (
          <LiveBar
            live={live.live}
            since={fresh ? data.readAt : undefined}
            zone={view.tz}
            onShow={live.show}
            deploymentName="All deployments"
          />
        ) : null}
        {data?.paging === "cursor" && !result.isError ? (
          <FailureBanners
            failures={data.failures}
            nameOf={nameOf}
            onRetry={() => void result.refetch()}
            retrying={result.isFetching}
          />
        ) : null}
        {indexed && !group ? (
          <BulkBar
            key={mergedApiSearch(withPage(view, 0))}
            deployment={ALL_DEPLOYMENTS}
            view={mergedApiSearch(withPage(view, 0))}
            total={total ?? null}
            teamOf={visible[0]?.key ?? ALL_DEPLOYMENTS}
          />
        ) : null}
        {group ? (
          <MergedGroups
            view={view}
            group={group}
            result={groups}
            go={go}
            listTop={listTop}
            onSearch={setSearch}
          />
        ) : (
          <MergedRows
            view={view}
            result={result}
            rows={indexed && fresh ? live.alarms : undefined}
            marks={live.marks}
            go={go}
            suggestions={suggestions}
            nameOf={nameOf}
            listTop={listTop}
          />
        )}
      </ListFrame>
    </SelectionProvider>
  );
}
