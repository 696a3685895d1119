"use client";
// The queue of every deployment grouped (`group=`, from the index): its groups stand where its
// rows would, paged by number; a deployment's group leads into that deployment's own list.

import type { UseQueryResult } from "@tanstack/react-query";
import { narrowSearch, type AlarmGroupsPage, type GroupField } from "@/lib/shared/alarms/groups";
import {
  type MergedView,
  mergedHref,
  withFilters,
  withGroup,
  withGroupSort,
  withPage,
  withSearch,
  withSize,
} from "@/lib/shared/alarms/merged-url";
import { listHref } from "@/lib/shared/alarms/url-state";
import { ALL_DEPLOYMENTS } from "@/lib/shared/deployments/types";
import { GroupsPager } from "@/components/groups/groups-pager";
import { GroupsTable } from "@/components/groups/groups-table";
import { ListBody } from "@/components/list/list-frame";
import { EmptyState } from "@/components/list/lazy-states";
import { TableSkeleton } from "@/components/list/table-skeleton";
import { searchErrorView } from "@/components/search/search-errors";

type Go = (view: MergedView, options?: { toTop?: boolean }) => void;

export function MergedGroups({
  view,
  group,
  result,
  go,
  listTop,
  onSearch,
}: {
  view: MergedView;
  group: GroupField[];
  result: UseQueryResult<AlarmGroupsPage, unknown>;
  go: Go;
  listTop: React.Ref<HTMLDivElement>;
  onSearch: (q: string | undefined) => void;
}) {
  const { query } = view;
  return (
    <>
      <ListBody
        result={result}
        listTop={listTop}
        skeleton={<TableSkeleton rows={Math.min(query.size, 20)} deployments />}
        errorView={searchErrorView(() => onSearch(undefined), {
          onRetry: () => void result.refetch(),
          retrying: result.isFetching,
        })}
      >
        {(page) =>
          page.groups.length === 0 ? (
            <EmptyState
              hasFilters={Object.keys(query.filters).length > 0}
              searched={query.q !== undefined}
              onClear={() => go(withFilters(withSearch(view, undefined), {}))}
              several
            />
          ) : (
            <GroupsTable
              deployment={ALL_DEPLOYMENTS}
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
                  return listHref(deployment, {
                    query: narrowed,
                    tz: view.tz,
                    group: within,
                    groupSort: view.groupSort,
                  });
                }
                return mergedHref(withGroup({ ...view, query: narrowed }, within));
              }}
            />
          )
        }
      </ListBody>
      <GroupsPager
        result={result}
        page={query.page}
        size={query.size}
        onPage={(page) => go(withPage(view, page), { toTop: true })}
        onSize={(size) => go(withSize(view, size))}
      />
    </>
  );
}
