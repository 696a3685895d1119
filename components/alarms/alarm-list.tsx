"use client";

import { useLastProblems } from "./use-list-chrome";
import { useDeployment } from "@/components/deployments/deployment-context";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { formatCount } from "@/lib/shared/alarms/format";
import type { AlarmFilters, AlarmListQuery } from "@/lib/shared/alarms/query";
import { alarmsQueryOptions, asApiError } from "@/lib/shared/queries/query-options";
import { listTitle } from "@/lib/shared/alarms/titles";
import type { ListView } from "@/lib/shared/alarms/url-state";
import { TimeZoneProvider } from "@/components/ui/time-zone";
import { TimeZonePicker } from "@/components/ui/time-zone-picker";
import { useHydratedMark } from "@/components/use-hydrated";
import { LiveBar } from "@/components/live/live-bar";
import { AlarmOverview } from "@/components/overview/alarm-overview";
import { useLiveRows } from "@/components/live/use-live-rows";
import { ExportButton } from "@/components/export/export-dialog";
import { AlarmFiltersBar } from "./alarm-filters";
import { AlarmTable } from "./alarm-table";
import { CopyLinkMenu } from "./copy-link-menu";
import { DidYouMean } from "./did-you-mean";
import { FilterChips } from "./filter-chips";
import { FiltersDisclosure } from "./filters-disclosure";
import type { ListForms } from "./list-forms-hint";
import { CorrectedNotice, EmptyState, ErrorState, PastTheEnd } from "./list-states";
import { Pagination } from "./pagination";
import { RateLimitWatch } from "./rate-limit-watch";
import { useScrollMemory } from "./scroll-memory";
import { TableSkeleton } from "./table-skeleton";
import { useListKeyboard } from "./use-list-keyboard";
import { useListUrl } from "./use-list-url";
import { useSuggestions } from "./use-suggestions";

/** The alarm list: URL state in, table out. */
export function AlarmList({ forms }: { forms?: ListForms }) {
  const queryClient = useQueryClient();
  const { view, problems, navigate: go } = useListUrl();
  const { query, tz } = view;

  const [notice, dismissNotice] = useLastProblems(problems);

  const deployment = useDeployment();
  const result = useQuery({
    ...alarmsQueryOptions(deployment.key, query),
    placeholderData: keepPreviousData,
  });
  const data = result.data;
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

  const {
    live,
    alarms,
    marks,
    show: showArrived,
  } = useLiveRows(deployment.key, query, fresh ? data : undefined);
  const arrivedCount = live.arrived.length;
  useEffect(() => {
    const title = listTitle(query, fresh ? data.page.totalElements : undefined, deployment);
    document.title = arrivedCount > 0 ? `(${formatCount(arrivedCount)}) ${title}` : title;
  }, [query, fresh, data, deployment, arrivedCount]);

  const listTop = useRef<HTMLDivElement>(null);
  const navigate = useCallback(
    (next: AlarmListQuery, { toTop = false } = {}) => {
      go({ query: next, tz });
      // After the push, so the entry we left keeps the position the analyst left it at.
      const top = listTop.current?.getBoundingClientRect().top;
      if (toTop && top !== undefined && top < 0) window.scrollBy({ top });
    },
    [go, tz],
  );
  const totalPages = data?.page.totalPages ?? 0;
  const setFilters = (filters: AlarmFilters) => navigate({ ...query, filters, page: 0 });
  const setPage = useCallback(
    (page: number) => navigate({ ...query, page }, { toTop: true }),
    [navigate, query],
  );
  const setZone = (zone: string) => go({ query, tz: zone } satisfies ListView);

  const strategyInput = useRef<HTMLInputElement>(null);
  useListKeyboard({
    focusFilter: useCallback(() => strategyInput.current?.focus(), []),
    nextPage: useCallback(() => {
      if (query.page + 1 < totalPages) setPage(query.page + 1);
    }, [query.page, totalPages, setPage]),
    previousPage: useCallback(() => {
      if (query.page > 0) setPage(Math.min(query.page - 1, Math.max(0, totalPages - 1)));
    }, [query.page, totalPages, setPage]),
  });

  const suggestions = useSuggestions(data);
  const hasFilters = Object.keys(query.filters).length > 0;
  const error = result.isError ? asApiError(result.error) : null;
  const hydratedRoot = useHydratedMark<HTMLDivElement>();

  return (
    <TimeZoneProvider zone={tz}>
      <div className="flex flex-col gap-3" ref={hydratedRoot}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h1 className="text-lg font-semibold">Alarms</h1>
            {data ? (
              <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
                {formatCount(data.page.totalElements)} alarms
                {pastEnd ? (
                  " · past the last page"
                ) : (
                  <>
                    {" "}
                    · page {formatCount(query.page + 1)} of{" "}
                    {formatCount(Math.max(1, data.page.totalPages))}
                  </>
                )}
                {result.isFetching && !result.isError ? " · loading…" : ""}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <TimeZonePicker zone={tz} onChange={setZone} />
            <CopyLinkMenu view={view} resolved={fresh ? data.occurred : undefined} />
            <ExportButton view={view} />
          </div>
        </div>
        {notice.length > 0 ? <CorrectedNotice problems={notice} onDismiss={dismissNotice} /> : null}
        <FiltersDisclosure filters={query.filters}>
          <AlarmFiltersBar
            filters={query.filters}
            zone={tz}
            resolved={data?.occurred}
            suggestions={suggestions}
            onChange={setFilters}
            strategyRef={strategyInput}
          />
        </FiltersDisclosure>
        <FilterChips filters={query.filters} zone={tz} onChange={setFilters} />
        <AlarmOverview
          deployment={deployment.key}
          filters={query.filters}
          zone={tz}
          ready={fresh || result.isError}
          onFilter={setFilters}
        />
        <RateLimitWatch result={result} />
        <LiveBar
          live={live}
          since={fresh ? data.readAt : undefined}
          zone={tz}
          onShow={showArrived}
          deploymentName={deployment.name}
        />
        <div ref={listTop} className="scroll-mt-2">
          {error ? (
            <ErrorState
              error={error}
              onRetry={() => void result.refetch()}
              retrying={result.isFetching}
            />
          ) : !data ? (
            <TableSkeleton rows={query.size > 20 ? 20 : query.size} />
          ) : pastEnd ? (
            <PastTheEnd
              lastPage={Math.max(0, data.page.totalPages - 1)}
              total={data.page.totalElements}
              onPage={setPage}
            />
          ) : data.alarms.length === 0 ? (
            <EmptyState hasFilters={hasFilters} onClear={() => setFilters({})}>
              <DidYouMean filters={query.filters} suggestions={suggestions} onChange={setFilters} />
            </EmptyState>
          ) : (
            <AlarmTable
              alarms={alarms ?? data.alarms}
              marks={marks}
              view={view}
              total={data.page.totalElements}
              busy={result.isPlaceholderData}
              onSort={(sort) => navigate({ ...query, sort, page: 0 })}
              forms={forms}
            />
          )}
        </div>
        {data && !error && !pastEnd ? (
          <Pagination
            page={query.page}
            size={query.size}
            totalPages={data.page.totalPages}
            totalElements={data.page.totalElements}
            onPage={setPage}
            onSize={(size) =>
              // Keep the first alarm on screen in view: its page under the new size.
              navigate({ ...query, size, page: Math.floor((query.page * query.size) / size) })
            }
          />
        ) : null}
        <p className="text-[11px] text-slate-600 dark:text-slate-400">
          Press <kbd className="font-mono">?</kbd> for keyboard shortcuts.
        </p>
      </div>
    </TimeZoneProvider>
  );
}
