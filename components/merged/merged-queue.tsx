"use client";

import { useLastProblems } from "@/components/alarms/use-list-chrome";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { FilterChips } from "@/components/alarms/filter-chips";
import { RateLimitWatch } from "@/components/alarms/rate-limit-watch";
import { useListKeyboard } from "@/components/alarms/use-list-keyboard";
import { useDeployments } from "@/components/deployments/deployment-context";
import { TimeZoneProvider } from "@/components/ui/time-zone";
import { TimeZonePicker } from "@/components/ui/time-zone-picker";
import { useHydratedMark } from "@/components/use-hydrated";
import {
  type MergedView,
  mergedApiSearch,
  mergedHref,
  mergedNewestHref,
  mergedPageHref,
  withDeployments,
  withFilters,
  withSize,
  withZone,
} from "@/lib/shared/alarms/merged-url";
import { asApiError, mergedQueryOptions } from "@/lib/shared/queries/query-options";
import type { AlarmFilters } from "@/lib/shared/alarms/query";
import { MergedFilters } from "./merged-filters";
import { MergedPager } from "./merged-pager";
import { MergedSkeleton } from "./merged-skeleton";
import { FailureBanners, MergedEmpty, MergedError, MergedNotice } from "./merged-states";
import { MergedTable } from "./merged-table";
import { useMergedUrl } from "./use-merged-url";

/** The merged queue of every deployment the analyst may see: URL state in, rows out. */
export function MergedQueue() {
  const queryClient = useQueryClient();
  const { view, problems, navigate } = useMergedUrl();
  const visible = useDeployments();
  const names = useMemo(
    () => new Map(visible.map((deployment) => [deployment.key, deployment.name])),
    [visible],
  );
  const nameOf = useCallback((key: string) => names.get(key) ?? key, [names]);

  const [notice, dismissNotice] = useLastProblems(problems);

  const result = useQuery({
    ...mergedQueryOptions(mergedApiSearch(view)),
    placeholderData: keepPreviousData,
  });
  const data = result.data;
  const fresh = data !== undefined && !result.isPlaceholderData;
  const error = result.isError ? asApiError(result.error) : null;

  // The older page is fetched before the analyst asks for it.
  const older = fresh ? data.older : null;
  useEffect(() => {
    if (older === null) return;
    void queryClient.prefetchQuery(mergedQueryOptions(mergedApiSearch({ ...view, cursor: older })));
  }, [older, view, queryClient]);

  const listTop = useRef<HTMLDivElement>(null);
  const go = useCallback(
    (next: MergedView, { toTop = false } = {}) => {
      navigate(next);
      const top = listTop.current?.getBoundingClientRect().top;
      if (toTop && top !== undefined && top < 0) window.scrollBy({ top });
    },
    [navigate],
  );
  const setFilters = (filters: AlarmFilters) => go(withFilters(view, filters));
  const newer = fresh ? data.newer : null;
  const toOlder = useCallback(() => {
    if (older !== null) go({ ...view, cursor: older }, { toTop: true });
  }, [older, view, go]);
  const toNewer = useCallback(() => {
    if (newer !== null) go({ ...view, cursor: newer }, { toTop: true });
  }, [newer, view, go]);

  const deploymentSelect = useRef<HTMLSelectElement>(null);
  useListKeyboard({
    focusFilter: useCallback(() => deploymentSelect.current?.focus(), []),
    nextPage: toOlder,
    previousPage: toNewer,
  });

  // What the page reads: the answer's list once there is one, else what the URL names.
  const shown =
    data?.deployments ??
    (view.deployments.length > 0 ? view.deployments : visible.map((d) => d.key));
  const hasFilters = Object.keys(view.filters).length > 0;
  const newestHref = mergedNewestHref(view);
  const hydratedRoot = useHydratedMark<HTMLDivElement>();

  return (
    <TimeZoneProvider zone={view.tz}>
      <div className="flex flex-col gap-3" ref={hydratedRoot}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h1 className="text-lg font-semibold">All deployments</h1>
            <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
              Newest first across {shown.map(nameOf).join(", ")}
              {result.isFetching && !result.isError ? " · loading…" : ""}
            </p>
          </div>
          <TimeZonePicker zone={view.tz} onChange={(tz) => go(withZone(view, tz))} />
        </div>
        {notice.length > 0 ? <MergedNotice problems={notice} onDismiss={dismissNotice} /> : null}
        <MergedFilters
          visible={visible}
          deployments={view.deployments}
          filters={view.filters}
          onDeployments={(keys) => go(withDeployments(view, keys))}
          onFilters={setFilters}
          deploymentRef={deploymentSelect}
        />
        <FilterChips filters={view.filters} zone={view.tz} onChange={setFilters} />
        <RateLimitWatch result={result} />
        {data && !error ? (
          <FailureBanners
            failures={data.failures}
            nameOf={nameOf}
            onRetry={() => void result.refetch()}
            retrying={result.isFetching}
          />
        ) : null}
        <div ref={listTop} className="scroll-mt-2">
          {error ? (
            <MergedError
              error={error}
              newestHref={newestHref}
              onRetry={() => void result.refetch()}
              retrying={result.isFetching}
            />
          ) : !data ? (
            <MergedSkeleton rows={Math.min(view.size, 20)} />
          ) : data.alarms.length === 0 ? (
            <MergedEmpty
              hasFilters={hasFilters}
              atNewest={view.cursor === null}
              anyFailed={data.failures.length > 0}
              clearHref={mergedHref(withFilters(view, {}))}
              newestHref={newestHref}
            />
          ) : (
            <MergedTable
              alarms={data.alarms}
              names={names}
              tz={view.tz}
              busy={result.isPlaceholderData}
            />
          )}
        </div>
        {data && !error && data.alarms.length > 0 ? (
          <MergedPager
            alarms={data.alarms}
            newerHref={newer !== null ? mergedPageHref(view, newer) : null}
            olderHref={older !== null ? mergedPageHref(view, older) : null}
            newestHref={view.cursor !== null ? newestHref : null}
            onNewer={toNewer}
            onOlder={toOlder}
            onNewest={() => go({ ...view, cursor: null }, { toTop: true })}
            size={view.size}
            onSize={(size) => go(withSize(view, size))}
          />
        ) : null}
        <p className="text-[11px] text-slate-600 dark:text-slate-400">
          Press <kbd className="font-mono">?</kbd> for keyboard shortcuts.
        </p>
      </div>
    </TimeZoneProvider>
  );
}
