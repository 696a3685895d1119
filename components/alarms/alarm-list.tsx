"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useQueryStates } from "nuqs";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { formatCount } from "@/lib/alarms/format";
import { type AlarmFilters, type AlarmListQuery, parseAlarmListQuery } from "@/lib/alarms/query";
import { alarmsQueryOptions, asApiError } from "@/lib/alarms/query-options";
import { alarmListParsers, queryFromValues, valuesFromQuery } from "@/lib/alarms/url-state";
import { useHydrated } from "@/components/use-hydrated";
import { AlarmFiltersBar } from "./alarm-filters";
import { AlarmTable } from "./alarm-table";
import { FilterChips } from "./filter-chips";
import { FiltersDisclosure } from "./filters-disclosure";
import { CorrectedNotice, EmptyState, ErrorState } from "./list-states";
import { Pagination } from "./pagination";
import { RateLimitWatch } from "./rate-limit-watch";
import { currentListUrl, rememberScroll, takeScrollRestore } from "./scroll-memory";
import { TableSkeleton } from "./table-skeleton";
import { useListKeyboard } from "./use-list-keyboard";
import { useSuggestions } from "./use-suggestions";

// Every change is a new history entry (back/forward walk through views) and stays in the
// browser (shallow): the server rendered the first view, React Query fetches the next ones.
const URL_OPTIONS = { history: "push", shallow: true, scroll: false } as const;

/** The alarm list: URL state in, table out. */
export function AlarmList() {
  const queryClient = useQueryClient();
  const searchParams = useSearchParams();
  const fromUrl = useMemo(() => parseAlarmListQuery(searchParams), [searchParams]);
  const [values, setValues] = useQueryStates(alarmListParsers, URL_OPTIONS);
  // While the URL has problems it is read exactly as the server read it, until it is replaced.
  const hasProblems = fromUrl.problems.length > 0;
  const query = useMemo(
    () => (hasProblems ? fromUrl.query : queryFromValues(values)),
    [hasProblems, fromUrl.query, values],
  );
  // The notice outlives the correction (the corrected URL has no problems left to show).
  const problemsKey = JSON.stringify(fromUrl.problems);
  const [notice, setNotice] = useState(fromUrl.problems);
  const [noticed, setNoticed] = useState(problemsKey);
  if (hasProblems && noticed !== problemsKey) {
    setNoticed(problemsKey);
    setNotice(fromUrl.problems);
  }
  useEffect(() => {
    if (!hasProblems) return;
    void setValues(valuesFromQuery(fromUrl.query), { history: "replace" });
    // Only a new set of problems (a new URL) calls for a new correction.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [problemsKey]);

  const result = useQuery({ ...alarmsQueryOptions(query), placeholderData: keepPreviousData });
  const data = result.data;
  const fresh = data !== undefined && !result.isPlaceholderData;

  // The next page is fetched before the analyst asks for it.
  useEffect(() => {
    if (!fresh || query.page + 1 >= data.page.totalPages) return;
    void queryClient.prefetchQuery(alarmsQueryOptions({ ...query, page: query.page + 1 }));
  }, [fresh, data, query, queryClient]);

  useScrollMemory(fresh);

  const listTop = useRef<HTMLDivElement>(null);
  const navigate = useCallback(
    (next: AlarmListQuery, { toTop = false } = {}) => {
      void setValues(valuesFromQuery(next)).then(() => {
        // After the push, so the entry we left keeps the position the analyst left it at.
        const top = listTop.current?.getBoundingClientRect().top;
        if (toTop && top !== undefined && top < 0) window.scrollBy({ top });
      });
    },
    [setValues],
  );
  const totalPages = data?.page.totalPages ?? 0;
  const setFilters = (filters: AlarmFilters) => navigate({ ...query, filters, page: 0 });
  const setPage = useCallback(
    (page: number) => navigate({ ...query, page }, { toTop: true }),
    [navigate, query],
  );

  const strategyInput = useRef<HTMLInputElement>(null);
  useListKeyboard({
    focusFilter: useCallback(() => strategyInput.current?.focus(), []),
    nextPage: useCallback(() => {
      if (query.page + 1 < totalPages) setPage(query.page + 1);
    }, [query.page, totalPages, setPage]),
    previousPage: useCallback(() => {
      if (query.page > 0) setPage(query.page - 1);
    }, [query.page, setPage]),
  });

  const suggestions = useSuggestions(data);
  const hasFilters = Object.keys(query.filters).length > 0;
  const error = result.isError ? asApiError(result.error) : null;
  const hydrated = useHydrated();

  return (
    <div className="flex flex-col gap-3" data-hydrated={hydrated || undefined}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-lg font-semibold">Alarms</h1>
        {data ? (
          <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
            {formatCount(data.page.totalElements)} alarms · page {formatCount(query.page + 1)} of{" "}
            {formatCount(Math.max(1, data.page.totalPages))}
            {result.isFetching && !result.isError ? " · loading…" : ""}
          </p>
        ) : null}
      </div>
      {notice.length > 0 ? (
        <CorrectedNotice problems={notice} onDismiss={() => setNotice([])} />
      ) : null}
      <FiltersDisclosure filters={query.filters}>
        <AlarmFiltersBar
          filters={query.filters}
          suggestions={suggestions}
          onChange={setFilters}
          strategyRef={strategyInput}
        />
      </FiltersDisclosure>
      <FilterChips filters={query.filters} onChange={setFilters} />
      <RateLimitWatch result={result} />
      <div ref={listTop} className="scroll-mt-2">
        {error ? (
          <ErrorState
            error={error}
            onRetry={() => void result.refetch()}
            retrying={result.isFetching}
          />
        ) : !data ? (
          <TableSkeleton rows={query.size > 20 ? 20 : query.size} />
        ) : data.alarms.length === 0 ? (
          <EmptyState
            hasFilters={hasFilters}
            pastEnd={query.page > 0 && data.page.totalElements > 0}
            onClear={() => setFilters({})}
            onFirstPage={() => setPage(0)}
          />
        ) : (
          <AlarmTable
            alarms={data.alarms}
            query={query}
            total={data.page.totalElements}
            busy={result.isPlaceholderData}
            onSort={(sort) => navigate({ ...query, sort, page: 0 })}
          />
        )}
      </div>
      {data && !error ? (
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
        Keys: <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> move between
        rows, <kbd className="font-mono">Enter</kbd> opens, <kbd className="font-mono">/</kbd>{" "}
        filters, <kbd className="font-mono">n</kbd>/<kbd className="font-mono">p</kbd> next and
        previous page.
      </p>
    </div>
  );
}

/** Saves the scroll position per list URL, and restores it once the rows for that URL are in. */
function useScrollMemory(fresh: boolean) {
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => rememberScroll(currentListUrl(), window.scrollY));
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, []);
  useLayoutEffect(() => {
    if (!fresh) return;
    const y = takeScrollRestore(currentListUrl());
    if (y !== undefined) window.scrollTo(0, y);
  });
}
