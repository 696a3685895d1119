"use client";
// A list grouped (`group=`, from the index), whatever its scope: its groups stand where its rows
// would, paged by number; in a list of several, a deployment's group leads into that deployment's
// own list. Only a grouped view needs this code: the list loads it lazily.

import type { UseQueryResult } from "@tanstack/react-query";
import { narrowSearch, type AlarmGroupsPage, type GroupField } from "@/lib/shared/alarms/groups";
import { type ListView, viewHref, viewOf } from "@/lib/shared/alarms/view";
import {
  withFilters,
  withGroup,
  withGroupSort,
  withPage,
  withSearch,
  withSize,
} from "@/lib/shared/alarms/view-changes";
import { type ListScope, oneDeployment, scopeSegment } from "@/lib/shared/deployments/scope";
import { GroupsPager } from "@/components/groups/groups-pager";
import { GroupsTable } from "@/components/groups/groups-table";
import { ListBody } from "@/components/list/list-frame";
import { EmptyState, PastTheEnd } from "@/components/list/lazy-states";
import { TableSkeleton } from "@/components/list/table-skeleton";
import { searchErrorView } from "@/components/search/search-errors";

type Go = (view: ListView, options?: { toTop?: boolean }) => void;

export function AlarmGroups({
  scope,
  view,
  group,
  result,
  go,
  listTop,
}: {
  /** The list's (its path's): a deployment's, or that of several or every deployment. */
  scope: ListScope;
  view: ListView;
  group: GroupField[];
  result: UseQueryResult<AlarmGroupsPage, unknown>;
  go: Go;
  listTop: React.Ref<HTMLDivElement>;
}) {
  const { query } = view;
  const several = scope.kind !== "deployment";
  const setPage = (page: number) => go(withPage(view, page), { toTop: true });
  return (
    <>
      <ListBody
        result={result}
        listTop={listTop}
        skeleton={<TableSkeleton rows={Math.min(query.size, 20)} deployments={several} />}
        errorView={searchErrorView(() => go(withSearch(view, undefined)), {
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
                href: viewHref(scope, withPage(view, last)),
                go: () => setPage(last),
              })}
            />
          ) : page.groups.length === 0 ? (
            <EmptyState
              hasFilters={Object.keys(query.filters).length > 0}
              searched={query.q !== undefined}
              onClear={() => go(withFilters(withSearch(view, undefined), {}))}
              several={several}
            />
          ) : (
            <GroupsTable
              deployment={scopeSegment(scope)}
              deployments={view.deployments}
              query={query}
              fields={group}
              page={page}
              sort={view.groupSort ?? "count"}
              onSort={(sort) => go(withGroupSort(view, sort))}
              busy={result.isPlaceholderData}
              viewHref={(terms, within, deployment) => {
                const narrowed = { ...query, page: 0, q: narrowSearch(query.q, terms) };
                // A deployment's group leads into its own list, the same filters and search.
                if (deployment) {
                  const own = { ...viewOf(narrowed, view.tz), groupSort: view.groupSort };
                  return viewHref(oneDeployment(deployment), { ...own, group: within });
                }
                return viewHref(scope, withGroup({ ...view, query: narrowed }, within));
              }}
            />
          )
        }
      </ListBody>
      <GroupsPager
        result={result}
        page={query.page}
        size={query.size}
        onPage={setPage}
        onSize={(size) => go(withSize(view, size))}
      />
    </>
  );
}
