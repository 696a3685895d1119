"use client";
// The rows of a list, whatever its scope: a numbered page (a deployment's, or several's from the
// index, in any order), or a page of a list of several paged by time (each upstream, or a link's
// cursor); and the pager under them.

import type { UseQueryResult } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { type ListPage, isTimePaged } from "@/lib/shared/alarms/list-pages";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { type ListView, viewHref } from "@/lib/shared/alarms/view";
import {
  atNewest,
  withCursor,
  withFilters,
  withPage,
  withSearch,
  withSize,
  withSort,
} from "@/lib/shared/alarms/view-changes";
import { detailHrefs } from "@/lib/shared/alarms/view-links";
import type { ListScope } from "@/lib/shared/deployments/scope";
import { AlarmTable, type RowMark } from "@/components/list/alarm-table";
import type { PageLinkTarget } from "@/components/list/follow-here";
import { ListBody } from "@/components/list/list-frame";
import type { ListForms } from "@/components/list/list-forms-hint";
import { NoRows, PastTheEnd } from "@/components/list/lazy-states";
import { Pager, numberedPages, pageUnderSize } from "@/components/list/pager";
import { TableSkeleton } from "@/components/list/table-skeleton";
import type { Suggestions } from "@/components/list/suggestions";
import { lazyComponent } from "@/components/lazy";
import { searchErrorView } from "@/components/search/search-errors";

// Only a list of several paged by time (no index here, or a link's cursor) has this pager: its
// code is fetched when one is shown, not in a list's first load.
const CursorPager = lazyComponent(() =>
  import("@/components/list/cursor-pager").then((m) => m.CursorPager),
);

type Go = (view: ListView, options?: { toTop?: boolean }) => void;

/** Whether a page is past its list's last page (an old link, a view that shrank). */
export function isPastTheEnd(data: ListPage | undefined, view: ListView): boolean {
  return (
    data !== undefined &&
    !isTimePaged(data) &&
    data.alarms.length === 0 &&
    view.query.page > 0 &&
    data.page.totalElements > 0
  );
}

export function ListRows({
  scope,
  view,
  result,
  rows,
  marks,
  go,
  suggestions,
  nameOf,
  listTop,
  forms,
}: {
  /** The list's (its path's): a deployment's, or that of several or every deployment. */
  scope: ListScope;
  view: ListView;
  result: UseQueryResult<ListPage, unknown>;
  /** The page's rows as the live queue has them (statuses changed in place), when watched. */
  rows?: AlarmSummary[];
  marks?: ReadonlyMap<string, RowMark>;
  go: Go;
  suggestions: Suggestions;
  /** A deployment's name by key, where the rows are several's (a column says whose each is). */
  nameOf?: (key: string) => string;
  listTop: React.Ref<HTMLDivElement>;
  forms?: ListForms;
}) {
  const { query } = view;
  const several = scope.kind !== "deployment";
  const place = useCallback(
    (next: ListView): PageLinkTarget => ({
      href: viewHref(scope, next),
      go: () => go(next, { toTop: true }),
    }),
    [scope, go],
  );
  const setFilters = (filters: ListView["query"]["filters"]) => go(withFilters(view, filters));
  const setSearch = (q: string | undefined) => go(withSearch(view, q));
  const detailHref = useMemo(() => detailHrefs(scope, view), [scope, view]);
  const onSort = useCallback(
    (sort: ListView["query"]["sort"]) => go(withSort(view, sort)),
    [view, go],
  );
  const label = several ? "Alarms of all deployments" : "Alarms";
  const table = (alarms: AlarmSummary[], numbered?: { total: number }) => (
    <AlarmTable
      label={label}
      alarms={alarms}
      detailHref={detailHref}
      deploymentName={nameOf}
      marks={numbered ? marks : undefined}
      busy={result.isPlaceholderData}
      sort={numbered ? { current: query.sort, onSort } : undefined}
      position={numbered ? { offset: query.page * query.size, total: numbered.total } : undefined}
      forms={forms}
    />
  );
  const empty = (failed = false) => (
    <NoRows
      query={query}
      suggestions={suggestions}
      onFilters={setFilters}
      onClear={() => go(withFilters(withSearch(view, undefined), {}))}
      several={several}
      anyFailed={failed}
    />
  );
  const data = result.data;
  // A list of several shows no pager without rows; a deployment's keeps its size choice.
  const pager =
    data && !result.isError && !isPastTheEnd(data, view) && (data.alarms.length > 0 || !several);

  return (
    <>
      <ListBody
        result={result}
        listTop={listTop}
        skeleton={<TableSkeleton rows={Math.min(query.size, 20)} deployments={several} />}
        startOver={
          several
            ? (error) => ({
                href: viewHref(scope, atNewest(view)),
                label: view.cursor !== null ? "Start from the newest" : "Go to the first page",
                refused:
                  error.param === "cursor"
                    ? "This place in the queue cannot be found"
                    : "These alarms cannot be shown",
              })
            : undefined
        }
        errorView={searchErrorView(() => setSearch(undefined), {
          onRetry: () => void result.refetch(),
          retrying: result.isFetching,
        })}
      >
        {(page) =>
          !isTimePaged(page) ? (
            isPastTheEnd(page, view) ? (
              <PastTheEnd
                lastPage={Math.max(0, page.page.totalPages - 1)}
                total={page.page.totalElements}
                pageLink={(last) => place(withPage(view, last))}
              />
            ) : page.alarms.length === 0 ? (
              empty()
            ) : (
              table(rows ?? page.alarms, { total: page.page.totalElements })
            )
          ) : page.alarms.length > 0 ? (
            table(page.alarms)
          ) : view.cursor !== null ? (
            <PastTheEnd newest={place(withCursor(view, null))} />
          ) : (
            empty(page.failures.length > 0)
          )
        }
      </ListBody>
      {pager ? (
        !isTimePaged(data) ? (
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
              newer: data.newer !== null ? place(withCursor(view, data.newer)) : null,
              older: data.older !== null ? place(withCursor(view, data.older)) : null,
              newest: view.cursor !== null ? place(withCursor(view, null)) : null,
            }}
            size={query.size}
            onSize={(size) => go(withSize(view, size))}
          />
        )
      ) : null}
    </>
  );
}
