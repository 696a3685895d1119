"use client";
// One deployment's alarm list: the list kit, its pages by number, the overview and the live queue.

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { countOf, formatCount } from "@/lib/shared/alarms/format";
import { type AlarmFilters, type AlarmListQuery, toSearchParams } from "@/lib/shared/alarms/query";
import {
  type ListView,
  type ViewProblem,
  detailHrefsFor,
  isCanonical,
  listHref,
  parseListView,
} from "@/lib/shared/alarms/url-state";
import { alarmsQueryOptions } from "@/lib/shared/queries/query-options";
import { GROUP_FIELDS, type GroupField } from "@/lib/shared/alarms/groups";
import { useDeployment } from "@/components/deployments/deployment-context";
import { ExportButton } from "@/components/export/export-dialog";
import { LiveBar } from "@/components/live/live-bar";
import { AlarmOverview } from "@/components/overview/lazy-alarm-overview";
import { useLiveRows } from "@/components/live/use-live-rows";
import { AlarmTable } from "@/components/list/alarm-table";
import { CopyLinkMenu } from "@/components/list/copy-link-menu";
import { SavedViewsMenu } from "@/components/saved-views/saved-views-menu";
import { ListBody, ListFrame, ListHeader, useListTop } from "@/components/list/list-frame";
import type { ListForms } from "@/components/list/list-forms-hint";
import { GroupsLine, useGroupsRead } from "@/components/list/list-groups";
import { ListToolbar } from "@/components/list/list-toolbar";
import { NoRows, PastTheEnd } from "@/components/list/lazy-states";
import { lazyComponent } from "@/components/lazy";
import { Pager, numberedPages, pageUnderSize } from "@/components/list/pager";
import { RateLimitWatch } from "@/components/list/rate-limit-watch";
import { TableSkeleton } from "@/components/list/table-skeleton";
import { useLastProblems, useListTitle } from "@/components/list/use-list-chrome";
import { usePageKeys } from "@/components/list/use-list-keyboard";
import { useDeploymentSuggestions } from "@/components/list/suggestions";
import { type ViewUrl, useViewUrl } from "@/components/list/use-view-url";
import { BulkBar } from "@/components/triage/lazy-bulk-bar";
import { SelectionProvider } from "@/components/triage/selection";
import { isSearchError, searchErrorView } from "@/components/search/search-errors";
import { SearchSource } from "@/components/search/search-source";
import { asApiError } from "@/lib/shared/queries/query-options";
import { useScrollMemory } from "./scroll-memory";

// Only a grouped view needs the groups' code: fetched when grouping is near (the pointer over the
// grouping controls, focus in them) or a grouped view is rendered; a skeleton until it is there.
const AlarmGroups = lazyComponent(
  () => import("./alarm-groups").then((m) => m.AlarmGroups),
  <TableSkeleton rows={20} />,
);

/** A deployment's list URL: its view, canonical (what it does not take is reported, not kept). */
function listUrl(deployment: string): ViewUrl<ListView, ViewProblem> {
  return {
    parse: parseListView,
    href: (view) => listHref(deployment, view),
    isCanonical,
  };
}

/**
 * The alarm list: URL state in, table out. `indexed`: the index holds the deployment whole, so
 * the overview is counted there (no upstream call) and asked for at once, beside the rows, not
 * after them.
 */
export function AlarmList({
  forms,
  indexed: held = false,
}: {
  forms?: ListForms;
  indexed?: boolean;
}) {
  const queryClient = useQueryClient();
  const deployment = useDeployment();
  const url = useMemo(() => listUrl(deployment.key), [deployment.key]);
  const { view, problems, navigate } = useViewUrl(url);
  const { query, tz, group, groupSort } = view;
  const [notice, dismissNotice] = useLastProblems(problems);

  const result = useQuery({
    ...alarmsQueryOptions(deployment.key, query),
    placeholderData: keepPreviousData,
    enabled: group === undefined,
  });
  // Grouped, the view's groups stand where its rows would (from the index).
  const grouped = useGroupsRead(deployment.key, query, group, [], groupSort);
  const { groups, data: groupsData, fresh: groupsFresh } = grouped;
  const shown = group ? groups : result;
  const data = group ? undefined : result.data;
  const fresh = data !== undefined && !result.isPlaceholderData;
  const pastEnd =
    fresh && data.alarms.length === 0 && query.page > 0 && data.page.totalElements > 0;

  // The next page is fetched before the analyst asks for it.
  useEffect(() => {
    if (!fresh || query.page + 1 >= data.page.totalPages) return;
    void queryClient.prefetchQuery(
      alarmsQueryOptions(deployment.key, { ...query, page: query.page + 1 }),
    );
  }, [fresh, data, query, queryClient, deployment.key]);

  useScrollMemory(fresh);

  const searchFails = !group && result.isError && isSearchError(asApiError(result.error));
  const rows = useLiveRows(deployment.key, query, fresh ? data : undefined, searchFails);
  const total = fresh ? data.page.totalElements : groupsFresh?.alarms;
  useListTitle(query, total, deployment, rows.live.arrived.length);

  const { listTop, go } = useListTop(navigate);
  const show = (next: AlarmListQuery, options?: { toTop?: boolean }) =>
    go({ ...view, query: next }, options);
  const setGroup = (next: GroupField[] | undefined) =>
    go({ query: { ...query, page: 0 }, tz, group: next, ...(next ? { groupSort } : {}) });
  const totalPages = (group ? groupsData?.page.totalPages : data?.page.totalPages) ?? 0;
  const setFilters = (filters: AlarmFilters) => show({ ...query, filters, page: 0 });
  // A search starts again at the first page, with the same filters and sort.
  const setSearch = (q: string | undefined) => show({ ...query, q, page: 0 });
  const searching = query.q !== undefined;
  const setPage = useCallback(
    (page: number) => go({ ...view, query: { ...query, page } }, { toTop: true }),
    [go, query, view],
  );
  const searchInput = usePageKeys({ page: query.page, totalPages, onPage: setPage });

  const suggestions = useDeploymentSuggestions(deployment.key, data?.alarms);
  const detailHref = useMemo(() => {
    const hrefOf = detailHrefsFor(deployment.key, view);
    return (alarm: { uuid: string }) => hrefOf(alarm.uuid);
  }, [deployment.key, view]);
  // Rows or groups, the body's place, skeleton and errors are the same.
  const bodyChrome = (read: { refetch: () => unknown; isFetching: boolean }) => ({
    listTop,
    skeleton: <TableSkeleton rows={Math.min(query.size, 20)} />,
    errorView: searchErrorView(() => setSearch(undefined), {
      onRetry: () => void read.refetch(),
      retrying: read.isFetching,
    }),
  });

  return (
    <SelectionProvider view={toSearchParams(query).toString()}>
      <ListFrame zone={tz}>
        <ListHeader
          title="Alarms"
          zone={tz}
          onZone={(zone) => navigate({ ...view, tz: zone })}
          summary={
            group ? (
              <GroupsLine
                read={grouped}
                detail={(page) =>
                  ` · page ${formatCount(query.page + 1)} of ${formatCount(Math.max(1, page.page.totalPages))}`
                }
              />
            ) : data ? (
              <>
                {countOf(data.page.totalElements, "alarm", {
                  orMore: data.page.totalIsLowerBound,
                })}
                {pastEnd
                  ? " · past the last page"
                  : ` · page ${formatCount(query.page + 1)} of ${formatCount(Math.max(1, data.page.totalPages))}`}
                {data.source ? (
                  <>
                    {" · "}
                    <SearchSource source={data.source} searched={searching} />
                  </>
                ) : null}
                {result.isFetching && !result.isError ? " · loading…" : ""}
              </>
            ) : null
          }
        >
          <SavedViewsMenu />
          <CopyLinkMenu
            filters={query.filters}
            resolved={fresh ? data.occurred : groupsFresh?.occurred}
            hrefFor={(filters) =>
              listHref(deployment.key, { ...view, query: { ...query, filters } })
            }
          />
          {/* From the upstream, or from the index for a search or several values of a filter. */}
          <ExportButton view={view} />
        </ListHeader>
        <ListToolbar
          notice={notice}
          onDismiss={dismissNotice}
          query={query}
          zone={tz}
          read={shown}
          scope={deployment.key}
          inputRef={searchInput}
          onSearch={setSearch}
          resolved={data?.occurred}
          suggestions={suggestions}
          onFilters={setFilters}
          group={group}
          // One deployment's alarms are one group of deployment: not offered.
          fields={GROUP_FIELDS.filter((field) => field !== "deployment")}
          onGroup={setGroup}
          onGroupIntent={AlarmGroups.preload}
        />
        <AlarmOverview
          deployment={deployment.key}
          filters={query.filters}
          q={query.q}
          zone={tz}
          ready={held || fresh || groupsFresh !== undefined || shown.isError}
          onFilter={setFilters}
        />
        <RateLimitWatch result={result} />
        {group ? null : (
          <LiveBar
            live={rows.live}
            since={fresh ? data.readAt : undefined}
            zone={tz}
            onShow={rows.show}
            deploymentName={deployment.name}
          />
        )}
        {group ? null : (
          <BulkBar
            key={toSearchParams({ ...query, page: 0 }).toString()}
            deployment={deployment.key}
            view={toSearchParams({ ...query, page: 0 }).toString()}
            total={data && !data.page.totalIsLowerBound ? data.page.totalElements : null}
            teamOf={deployment.key}
          />
        )}
        {group ? (
          <AlarmGroups
            deployment={deployment.key}
            view={view}
            group={group}
            result={groups}
            go={go}
            listTop={listTop}
          />
        ) : null}
        {group ? null : (
          <ListBody result={result} {...bodyChrome(result)}>
            {(data) =>
              pastEnd ? (
                <PastTheEnd
                  lastPage={Math.max(0, data.page.totalPages - 1)}
                  total={data.page.totalElements}
                  pageLink={(page) => ({
                    href: listHref(deployment.key, { query: { ...query, page }, tz }),
                    go: () => setPage(page),
                  })}
                />
              ) : data.alarms.length === 0 ? (
                <NoRows
                  query={query}
                  suggestions={suggestions}
                  onFilters={setFilters}
                  onClear={() => show({ ...query, q: undefined, filters: {}, page: 0 })}
                />
              ) : (
                <AlarmTable
                  label="Alarms"
                  alarms={rows.alarms ?? data.alarms}
                  detailHref={detailHref}
                  marks={rows.marks}
                  busy={result.isPlaceholderData}
                  sort={{
                    current: query.sort,
                    onSort: (sort) => show({ ...query, sort, page: 0 }),
                  }}
                  position={{ offset: query.page * query.size, total: data.page.totalElements }}
                  forms={forms}
                />
              )
            }
          </ListBody>
        )}
        {data && !result.isError && !pastEnd ? (
          <Pager
            pages={numberedPages(query.page, data.page, setPage)}
            size={query.size}
            onSize={(size) =>
              show({ ...query, size, page: pageUnderSize(query.page, query.size, size) })
            }
          />
        ) : null}
      </ListFrame>
    </SelectionProvider>
  );
}
