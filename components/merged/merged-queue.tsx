"use client";
// The queue of every deployment the analyst may see: the list kit, paged by cursor, newest first.

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import {
  type MergedProblem,
  type MergedView,
  isCanonicalMerged,
  mergedApiSearch,
  mergedDetailHref,
  mergedHref,
  mergedNewestHref,
  parseMergedView,
  withDeployments,
  withFilters,
  withGroup,
  withGroupSort,
  withSearch,
  withSize,
  withZone,
} from "@/lib/shared/alarms/merged-url";
import { DEFAULT_QUERY, type AlarmFilters, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { narrowSearch } from "@/lib/shared/alarms/groups";
import { listHref } from "@/lib/shared/alarms/url-state";
import { GroupBy } from "@/components/groups/group-by";
import { GroupsSummary, GroupsTable } from "@/components/groups/groups-table";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { groupsQueryOptions, mergedQueryOptions } from "@/lib/shared/queries/query-options";
import { useDeployments } from "@/components/deployments/deployment-context";
import { ALL_DEPLOYMENTS } from "@/lib/shared/deployments/types";
import { AlarmTable } from "@/components/list/alarm-table";
import { CopyLinkMenu } from "@/components/list/copy-link-menu";
import { FilterChips } from "@/components/list/filter-chips";
import { FiltersBar } from "@/components/list/filters-bar";
import { ListBody, ListFrame, ListHeader, useListTop } from "@/components/list/list-frame";
import {
  CorrectedNotice,
  DidYouMean,
  EmptyState,
  FailureBanners,
  PastTheEnd,
} from "@/components/list/lazy-states";
import { type PageLinkTarget } from "@/components/list/follow-here";
import { Pager } from "@/components/list/pager";
import { RateLimitWatch } from "@/components/list/rate-limit-watch";
import { TableSkeleton } from "@/components/list/table-skeleton";
import { useLastProblems } from "@/components/list/use-list-chrome";
import { useListKeyboard } from "@/components/list/use-list-keyboard";
import { useSuggestions } from "@/components/list/use-suggestions";
import { type ViewUrl, useViewUrl } from "@/components/list/use-view-url";
import { SearchBox, focusSearch } from "@/components/search/search-box";
import { searchErrorView, searchProblem } from "@/components/search/search-errors";
import { SearchSource } from "@/components/search/search-source";
import { formatCount } from "@/lib/shared/alarms/format";
import { asApiError } from "@/lib/shared/queries/query-options";

const MERGED_TABLE_LABEL = "Alarms of all deployments";

/** The queue's URL, read against the deployments the analyst may see (as the API reads it). */
function mergedUrl(known: readonly string[]): ViewUrl<MergedView, MergedProblem> {
  return {
    parse: (params) => parseMergedView(params, known),
    href: (view) => mergedHref(view),
    isCanonical: isCanonicalMerged,
  };
}

/** The merged queue: URL state in, rows out. */
export function MergedQueue() {
  const queryClient = useQueryClient();
  const visible = useDeployments();
  const url = useMemo(() => mergedUrl(visible.map((deployment) => deployment.key)), [visible]);
  const { view, problems, navigate } = useViewUrl(url);
  const nameOf = useCallback(
    (key: string) => visible.find((deployment) => deployment.key === key)?.name ?? key,
    [visible],
  );
  const [notice, dismissNotice] = useLastProblems(problems);

  const { group } = view;
  const result = useQuery({
    ...mergedQueryOptions(mergedApiSearch(view)),
    placeholderData: keepPreviousData,
    enabled: group === undefined,
  });
  // Grouped, the queue's groups (from the index) stand where its rows would.
  const groupsQuery: AlarmListQuery = {
    ...DEFAULT_QUERY,
    page: view.page ?? 0,
    size: view.size,
    filters: view.filters,
    ...(view.q !== undefined ? { q: view.q } : {}),
  };
  const groups = useQuery({
    ...groupsQueryOptions(
      ALL_DEPLOYMENTS,
      groupsQuery,
      group ? group.slice(0, 1) : [],
      view.deployments,
      view.groupSort,
    ),
    placeholderData: keepPreviousData,
    enabled: group !== undefined,
  });
  const groupsData = group ? groups.data : undefined;
  const data = group ? undefined : result.data;
  const fresh = data !== undefined && !result.isPlaceholderData;

  // The older page is fetched before the analyst asks for it.
  const older = fresh ? data.older : null;
  useEffect(() => {
    if (older === null) return;
    void queryClient.prefetchQuery(mergedQueryOptions(mergedApiSearch({ ...view, cursor: older })));
  }, [older, view, queryClient]);

  const { listTop, go } = useListTop(navigate);
  const setFilters = (filters: AlarmFilters) => go(withFilters(view, filters));
  const setSearch = (q: string | undefined) => go(withSearch(view, q));
  const searching = view.q !== undefined;
  /** Another place in the queue: a real link, and a plain click that asks only the API. */
  const place = useCallback(
    (cursor: string | null): PageLinkTarget => ({
      href: mergedHref({ ...view, cursor }),
      go: () => go({ ...view, cursor }, { toTop: true }),
    }),
    [view, go],
  );
  const newerCursor = fresh ? data.newer : null;
  const newer = useMemo(
    () => (newerCursor !== null ? place(newerCursor) : null),
    [newerCursor, place],
  );
  const toOlder = useMemo(() => (older !== null ? place(older) : null), [older, place]);
  const newest = place(null);

  const groupPage = view.page ?? 0;
  const groupPages = groupsData?.page.totalPages ?? 0;
  const setGroupPage = useCallback(
    (page: number) => go({ ...view, page: page > 0 ? page : undefined }, { toTop: true }),
    [view, go],
  );
  const searchInput = useRef<HTMLInputElement>(null);
  useListKeyboard({
    focusFilter: useCallback(() => focusSearch(searchInput.current), []),
    nextPage: useCallback(() => {
      if (!group) toOlder?.go();
      else if (groupPage + 1 < groupPages) setGroupPage(groupPage + 1);
    }, [group, toOlder, groupPage, groupPages, setGroupPage]),
    previousPage: useCallback(() => {
      if (!group) newer?.go();
      else if (groupPage > 0) setGroupPage(groupPage - 1);
    }, [group, newer, groupPage, setGroupPage]),
  });

  // What the page reads: the answer's list once there is one, else what the URL names.
  const shown =
    data?.deployments ??
    (view.deployments.length > 0 ? view.deployments : visible.map((d) => d.key));
  const suggestions = useSuggestions(shown, data?.alarms);
  const detailHref = useCallback(
    (alarm: AlarmSummary) => mergedDetailHref(alarm, view.tz),
    [view.tz],
  );
  const hasFilters = Object.keys(view.filters).length > 0;

  return (
    <ListFrame zone={view.tz}>
      <ListHeader
        title="All deployments"
        zone={view.tz}
        onZone={(tz) => go(withZone(view, tz))}
        summary={
          group ? (
            groupsData ? (
              <GroupsSummary
                page={groupsData}
                detail={` across ${shown.map(nameOf).join(", ")}`}
                fetching={groups.isFetching && !groups.isError}
              />
            ) : null
          ) : (
            <>
              {data?.matches
                ? `${formatCount(data.matches.count)}${data.matches.isLowerBound ? " or more" : ""} alarms · `
                : null}
              Newest first across {shown.map(nameOf).join(", ")}
              {data?.source ? (
                <>
                  {" · "}
                  <SearchSource source={data.source} searched={searching} />
                </>
              ) : null}
              {result.isFetching && !result.isError ? " · loading…" : ""}
            </>
          )
        }
      >
        <CopyLinkMenu
          filters={view.filters}
          resolved={fresh ? data.occurred : undefined}
          hrefFor={(filters) => mergedHref({ ...view, filters })}
        />
      </ListHeader>
      {notice.length > 0 ? <CorrectedNotice problems={notice} onDismiss={dismissNotice} /> : null}
      <SearchBox
        value={view.q}
        scope={ALL_DEPLOYMENTS}
        deployments={view.deployments}
        problem={searchProblem(
          (group ? groups : result).isError ? asApiError((group ? groups : result).error) : null,
        )}
        onSearch={setSearch}
        inputRef={searchInput}
      />
      <FiltersBar
        filters={view.filters}
        zone={view.tz}
        resolved={data?.occurred}
        suggestions={suggestions}
        onChange={setFilters}
        deployments={{
          visible,
          selected: view.deployments,
          onChange: (keys) => go(withDeployments(view, keys)),
        }}
      />
      <FilterChips filters={view.filters} zone={view.tz} onChange={setFilters} />
      <GroupBy group={group} onGroup={(next) => go(withGroup(view, next))} />
      {group ? (
        <ListBody
          result={groups}
          listTop={listTop}
          skeleton={<TableSkeleton rows={Math.min(view.size, 20)} deployments />}
          errorView={searchErrorView(() => setSearch(undefined), {
            onRetry: () => void groups.refetch(),
            retrying: groups.isFetching,
          })}
        >
          {(page) =>
            page.groups.length === 0 ? (
              <EmptyState
                hasFilters={hasFilters}
                searched={searching}
                onClear={() => go(withFilters(withSearch(view, undefined), {}))}
                several
              />
            ) : (
              <GroupsTable
                deployment={ALL_DEPLOYMENTS}
                deployments={view.deployments}
                query={groupsQuery}
                fields={group}
                page={page}
                sort={view.groupSort ?? "count"}
                onSort={(sort) => go(withGroupSort(view, sort))}
                busy={groups.isPlaceholderData}
                viewHref={(terms, within, deployment) => {
                  const q = narrowSearch(view.q, terms);
                  // A deployment's group leads into its own list, the same filters and search.
                  if (deployment) {
                    const query = { ...DEFAULT_QUERY, size: view.size, filters: view.filters };
                    return listHref(deployment, {
                      query: q === undefined ? query : { ...query, q },
                      tz: view.tz,
                      group: within,
                      groupSort: view.groupSort,
                    });
                  }
                  return mergedHref(withGroup(withSearch(view, q), within));
                }}
              />
            )
          }
        </ListBody>
      ) : null}
      {group && groupsData && !groups.isError && groupsData.page.totalElements > 0 ? (
        <Pager
          pages={{
            page: groupPage,
            totalPages: groupsData.page.totalPages,
            totalElements: groupsData.page.totalElements,
            onPage: setGroupPage,
            noun: ["group", "groups"],
          }}
          size={view.size}
          onSize={(size) => go(withSize(view, size))}
        />
      ) : null}
      <RateLimitWatch result={result} />
      {group ? null : data && !result.isError ? (
        <FailureBanners
          failures={data.failures}
          nameOf={nameOf}
          onRetry={() => void result.refetch()}
          retrying={result.isFetching}
        />
      ) : null}
      {group ? null : (
        <ListBody
          result={result}
          listTop={listTop}
          skeleton={<TableSkeleton rows={Math.min(view.size, 20)} deployments />}
          startOver={(error) => ({
            href: mergedNewestHref(view),
            label: "Start from the newest",
            refused:
              error.param === "cursor"
                ? "This place in the queue cannot be found"
                : "These alarms cannot be shown",
          })}
          errorView={searchErrorView(() => setSearch(undefined), {
            onRetry: () => void result.refetch(),
            retrying: result.isFetching,
          })}
        >
          {(data) =>
            data.alarms.length > 0 ? (
              <AlarmTable
                label={MERGED_TABLE_LABEL}
                alarms={data.alarms}
                detailHref={detailHref}
                deploymentName={nameOf}
                busy={result.isPlaceholderData}
              />
            ) : view.cursor !== null ? (
              <PastTheEnd newest={newest} />
            ) : (
              <EmptyState
                hasFilters={hasFilters}
                searched={searching}
                onClear={() => go(withFilters(withSearch(view, undefined), {}))}
                several
                anyFailed={data.failures.length > 0}
              >
                <DidYouMean
                  filters={view.filters}
                  suggestions={suggestions}
                  onChange={setFilters}
                />
              </EmptyState>
            )
          }
        </ListBody>
      )}
      {data && !result.isError && data.alarms.length > 0 ? (
        <Pager
          pages={{
            alarms: data.alarms,
            newer,
            older: toOlder,
            newest: view.cursor !== null ? newest : null,
          }}
          size={view.size}
          onSize={(size) => go(withSize(view, size))}
        />
      ) : null}
    </ListFrame>
  );
}
