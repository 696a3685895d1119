"use client";
// The rows of the queue of every deployment: a numbered page from the index in any order, or a
// page of the time-paged queue (each upstream, or a link's cursor), and the pager under them.

import type { UseQueryResult } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { MergedQueuePage } from "@/lib/shared/alarms/merged-types";
import {
  type MergedView,
  mergedDetailHrefs,
  mergedHref,
  mergedNewestHref,
  withFilters,
  withPage,
  withSearch,
  withSize,
  withSort,
} from "@/lib/shared/alarms/merged-url";
import type { AlarmFilters } from "@/lib/shared/alarms/query";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { AlarmTable, type RowMark } from "@/components/list/alarm-table";
import type { PageLinkTarget } from "@/components/list/follow-here";
import { ListBody } from "@/components/list/list-frame";
import { NoRows, PastTheEnd } from "@/components/list/lazy-states";
import { CursorPager } from "@/components/list/cursor-pager";
import { Pager, numberedPages, pageUnderSize } from "@/components/list/pager";
import { TableSkeleton } from "@/components/list/table-skeleton";
import type { Suggestions } from "@/components/list/use-suggestions";
import { searchErrorView } from "@/components/search/search-errors";

export const MERGED_TABLE_LABEL = "Alarms of all deployments";

type Go = (view: MergedView, options?: { toTop?: boolean }) => void;

/** Another place in the queue: a real link, and a plain click that asks only the API. */
export function placeIn(view: MergedView, go: Go) {
  return (next: MergedView): PageLinkTarget => ({
    href: mergedHref(next),
    go: () => go(next, { toTop: true }),
  });
}

/** Whether a page of the queue is past its last page (an old link, a view that shrank). */
export function isPastTheEnd(data: MergedQueuePage | undefined, view: MergedView): boolean {
  return (
    data?.paging === "pages" &&
    data.alarms.length === 0 &&
    view.query.page > 0 &&
    data.page.totalElements > 0
  );
}

export function MergedRows({
  view,
  result,
  rows,
  marks,
  go,
  suggestions,
  nameOf,
  listTop,
}: {
  view: MergedView;
  result: UseQueryResult<MergedQueuePage, unknown>;
  /** The page's rows as the live queue has them (statuses changed in place), when watched. */
  rows?: AlarmSummary[];
  marks?: ReadonlyMap<string, RowMark>;
  go: Go;
  suggestions: Suggestions;
  nameOf: (key: string) => string;
  listTop: React.Ref<HTMLDivElement>;
}) {
  const { query } = view;
  const place = useMemo(() => placeIn(view, go), [view, go]);
  const setFilters = (filters: AlarmFilters) => go(withFilters(view, filters));
  const setSearch = (q: string | undefined) => go(withSearch(view, q));
  const detailHref = useMemo(() => mergedDetailHrefs(view), [view]);
  const onSort = useCallback(
    (sort: MergedView["query"]["sort"]) => go(withSort(view, sort)),
    [view, go],
  );
  const data = result.data;
  const empty = (failed = false) => (
    <NoRows
      query={query}
      suggestions={suggestions}
      onFilters={setFilters}
      onClear={() => go(withFilters(withSearch(view, undefined), {}))}
      several
      anyFailed={failed}
    />
  );

  return (
    <>
      <ListBody
        result={result}
        listTop={listTop}
        skeleton={<TableSkeleton rows={Math.min(query.size, 20)} deployments />}
        startOver={(error) => ({
          href: mergedNewestHref(view),
          label: view.cursor !== null ? "Start from the newest" : "Go to the first page",
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
        {(page) =>
          page.paging === "pages" ? (
            isPastTheEnd(page, view) ? (
              <PastTheEnd
                lastPage={Math.max(0, page.page.totalPages - 1)}
                total={page.page.totalElements}
                pageLink={(last) => place(withPage(view, last))}
              />
            ) : page.alarms.length === 0 ? (
              empty()
            ) : (
              <AlarmTable
                label={MERGED_TABLE_LABEL}
                alarms={rows ?? page.alarms}
                detailHref={detailHref}
                deploymentName={nameOf}
                marks={marks}
                busy={result.isPlaceholderData}
                sort={{ current: query.sort, onSort }}
                position={{ offset: query.page * query.size, total: page.page.totalElements }}
              />
            )
          ) : page.alarms.length > 0 ? (
            <AlarmTable
              label={MERGED_TABLE_LABEL}
              alarms={page.alarms}
              detailHref={detailHref}
              deploymentName={nameOf}
              busy={result.isPlaceholderData}
            />
          ) : view.cursor !== null ? (
            <PastTheEnd newest={place({ ...view, cursor: null })} />
          ) : (
            empty(page.failures.length > 0)
          )
        }
      </ListBody>
      {data && !result.isError && !isPastTheEnd(data, view) && data.alarms.length > 0 ? (
        data.paging === "pages" ? (
          <Pager
            pages={numberedPages(query.page, data.page, (page) =>
              go(withPage(view, page), { toTop: true }),
            )}
            size={query.size}
            onSize={(size) =>
              go(withPage(withSize(view, size), pageUnderSize(query.page, query.size, size)))
            }
          />
        ) : (
          <CursorPager
            pages={{
              alarms: data.alarms,
              newer: data.newer !== null ? place({ ...view, cursor: data.newer }) : null,
              older: data.older !== null ? place({ ...view, cursor: data.older }) : null,
              newest: view.cursor !== null ? place({ ...view, cursor: null }) : null,
            }}
            size={query.size}
            onSize={(size) => go(withSize(view, size))}
          />
        )
      ) : null}
    </>
  );
}
