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
  withSearch,
  withSize,
  withZone,
} from "@/lib/shared/alarms/merged-url";
import type { AlarmFilters } from "@/lib/shared/alarms/query";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { mergedQueryOptions } from "@/lib/shared/queries/query-options";
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

  const result = useQuery({
    ...mergedQueryOptions(mergedApiSearch(view)),
    placeholderData: keepPreviousData,
  });
  const data = result.data;
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

  const searchInput = useRef<HTMLInputElement>(null);
  useListKeyboard({
    focusFilter: useCallback(() => focusSearch(searchInput.current), []),
    nextPage: useCallback(() => toOlder?.go(), [toOlder]),
    previousPage: useCallback(() => newer?.go(), [newer]),
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
          <>
            {data?.matches
              ? `${formatCount(data.matches.count)}${data.matches.isLowerBound ? " or more" : ""} alarms · `
              : null}
            Newest first across {shown.map(nameOf).join(", ")}
            {data?.source ? (
              <>
                {" · "}
                <SearchSource source={data.source} />
              </>
            ) : null}
            {result.isFetching && !result.isError ? " · loading…" : ""}
          </>
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
        problem={searchProblem(result.isError ? asApiError(result.error) : null)}
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
      <RateLimitWatch result={result} />
      {data && !result.isError ? (
        <FailureBanners
          failures={data.failures}
          nameOf={nameOf}
          onRetry={() => void result.refetch()}
          retrying={result.isFetching}
        />
      ) : null}
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
              <DidYouMean filters={view.filters} suggestions={suggestions} onChange={setFilters} />
            </EmptyState>
          )
        }
      </ListBody>
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
