"use client";
// A deployment's list grouped (`group=`, from the index): its groups stand where its rows would,
// paged by number. Only a grouped view needs this code: the list loads it lazily.

import type { UseQueryResult } from "@tanstack/react-query";
import { narrowSearch, type AlarmGroupsPage, type GroupField } from "@/lib/shared/alarms/groups";
import { type ListView, listHref } from "@/lib/shared/alarms/url-state";
import { GroupsPager } from "@/components/groups/groups-pager";
import { GroupsTable } from "@/components/groups/groups-table";
import { ListBody } from "@/components/list/list-frame";
import { EmptyState, PastTheEnd } from "@/components/list/lazy-states";
import { TableSkeleton } from "@/components/list/table-skeleton";
import { searchErrorView } from "@/components/search/search-errors";

type Go = (view: ListView, options?: { toTop?: boolean }) => void;

export function AlarmGroups({
  deployment,
  view,
  group,
  result,
  go,
  listTop,
}: {
  /** The deployment's key. */
  deployment: string;
  view: ListView;
  group: GroupField[];
  result: UseQueryResult<AlarmGroupsPage, unknown>;
  go: Go;
  listTop: React.Ref<HTMLDivElement>;
}) {
  const { query, tz, groupSort } = view;
  const show = (next: ListView["query"], options?: { toTop?: boolean }) =>
    go({ ...view, query: next }, options);
  const setPage = (page: number) => show({ ...query, page }, { toTop: true });
  return (
    <>
      <ListBody
        result={result}
        listTop={listTop}
        skeleton={<TableSkeleton rows={Math.min(query.size, 20)} />}
        errorView={searchErrorView(() => show({ ...query, q: undefined, page: 0 }), {
          onRetry: () => void result.refetch(),
          retrying: result.isFetching,
        })}
      >
        {(page) =>
          page.groups.length === 0 && query.page > 0 && page.page.totalElements > 0 ? (
            <PastTheEnd
              lastPage={Math.max(0, page.page.totalPages - 1)}
              total={page.page.totalElements}
              noun={["group", "groups"]}
              pageLink={(last) => ({
                href: listHref(deployment, { ...view, query: { ...query, page: last } }),
                go: () => setPage(last),
              })}
            />
          ) : page.groups.length === 0 ? (
            <EmptyState
              hasFilters={Object.keys(query.filters).length > 0}
              searched={query.q !== undefined}
              onClear={() => show({ ...query, q: undefined, filters: {}, page: 0 })}
            />
          ) : (
            <GroupsTable
              deployment={deployment}
              query={query}
              fields={group}
              page={page}
              sort={groupSort ?? "count"}
              onSort={(sort) =>
                go({
                  ...view,
                  query: { ...query, page: 0 },
                  groupSort: sort === "count" ? undefined : sort,
                })
              }
              busy={result.isPlaceholderData}
              viewHref={(terms, within) =>
                listHref(deployment, {
                  query: { ...query, q: narrowSearch(query.q, terms), page: 0 },
                  tz,
                  group: within,
                  groupSort,
                })
              }
            />
          )
        }
      </ListBody>
      <GroupsPager
        result={result}
        page={query.page}
        size={query.size}
        onPage={setPage}
        onSize={(size) => show({ ...query, size, page: 0 })}
      />
    </>
  );
}
