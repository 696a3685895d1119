"use client";
// Every list's frame: its zone, its heading and toolbar on one line, and the place its rows start.

import type { UseQueryResult } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { ApiError } from "@/lib/shared/core/errors";
import { asApiError } from "@/lib/shared/queries/query-options";
import { TimeZoneProvider } from "@/components/ui/time-zone";
import { TimeZonePicker } from "@/components/ui/lazy-time-zone-picker";
import { whenIdle } from "@/components/lazy";
import { useHydratedMark } from "@/components/use-hydrated";
import { ErrorState, preloadListStates } from "./lazy-states";
import type { StartOver } from "./list-states";
import { TableSettings } from "./lazy-table-settings";

/** The list's column, its times in `zone`, marked once hydrated (what e2e specs wait for). */
export function ListFrame({ zone, children }: { zone: string; children: React.ReactNode }) {
  const hydratedRoot = useHydratedMark<HTMLDivElement>();
  useEffect(() => whenIdle(preloadListStates), []);
  return (
    <TimeZoneProvider zone={zone}>
      <div className="flex flex-col gap-2.5" ref={hydratedRoot}>
        {children}
        <p className="text-[11px] text-slate-600 dark:text-slate-400">
          Press <kbd className="font-mono">?</kbd> for keyboard shortcuts.
        </p>
      </div>
    </TimeZoneProvider>
  );
}

/**
 * The heading, what the page holds, and the toolbar on one line (the rows start higher): the
 * time zone, the view's own actions (`children`: copy link, export), then the table's settings.
 */
export function ListHeader({
  title,
  summary,
  zone,
  onZone,
  children,
}: {
  title: string;
  summary: React.ReactNode;
  zone: string;
  onZone: (zone: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-lg font-semibold">{title}</h1>
        <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
          {summary}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <TimeZonePicker zone={zone} onChange={onZone} />
        {children}
        <span
          aria-hidden="true"
          className="mx-1 hidden h-5 w-px bg-slate-300 md:block dark:bg-slate-700"
        />
        <TableSettings />
      </div>
    </div>
  );
}

/**
 * Where the rows start, and a navigate that can bring it back into view: a new page, asked for
 * from the pager at the bottom, starts at its first row.
 */
export function useListTop<V>(navigate: (view: V) => void) {
  const listTop = useRef<HTMLDivElement>(null);
  const go = useCallback(
    (next: V, { toTop = false } = {}) => {
      navigate(next);
      // After the push, so the entry we left keeps the position the analyst left it at.
      const top = listTop.current?.getBoundingClientRect().top;
      if (toTop && top !== undefined && top < 0) window.scrollBy({ top });
    },
    [navigate],
  );
  return { listTop, go };
}

/**
 * Where the rows go: the error (with Retry) when the page could not be read, the skeleton until
 * the first answer, then what the list makes of its answer (`children`: rows, or why none).
 */
export function ListBody<T>({
  result,
  listTop,
  skeleton,
  startOver,
  errorView,
  children,
}: {
  result: UseQueryResult<T, unknown>;
  listTop: React.Ref<HTMLDivElement>;
  skeleton: React.ReactNode;
  startOver?: (error: { param?: string }) => StartOver;
  /** An error the list says in its own way (a search's), or null for the usual one. */
  errorView?: (error: ApiError) => React.ReactNode;
  children: (data: T) => React.ReactNode;
}) {
  const error = result.isError ? asApiError(result.error) : null;
  const own = error && errorView ? errorView(error) : null;
  return (
    <div ref={listTop} className="scroll-mt-2">
      {own ? (
        own
      ) : error ? (
        <ErrorState
          error={error}
          onRetry={() => void result.refetch()}
          retrying={result.isFetching}
          startOver={startOver?.(error)}
        />
      ) : result.data === undefined ? (
        skeleton
      ) : (
        children(result.data)
      )}
    </div>
  );
}
