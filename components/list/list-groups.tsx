"use client";
// A list's groups, whatever its scope: read (from the index) only while the view is grouped, and
// said in the heading where the count of its rows would be.

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AlarmGroupsPage, GroupField, GroupSort } from "@/lib/shared/alarms/groups";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import { groupsQueryOptions } from "@/lib/shared/queries/query-options";
import { GroupsSummary } from "@/components/groups/groups-summary";

/**
 * The groups of the view `query` by its first field, in `scope` (narrowed to `deployments`, where
 * it has several): `groups` the read (its last answer kept while the next is read), `data` its
 * answer while grouped, `fresh` that answer once it is the current view's.
 */
export function useGroupsRead(
  scope: string,
  query: AlarmListQuery,
  group: readonly GroupField[] | undefined,
  deployments: readonly string[],
  sort: GroupSort | undefined,
) {
  const groups = useQuery({
    ...groupsQueryOptions(scope, query, group ? group.slice(0, 1) : [], deployments, sort),
    placeholderData: keepPreviousData,
    enabled: group !== undefined,
  });
  const data = group ? groups.data : undefined;
  const fresh = data !== undefined && !groups.isPlaceholderData ? data : undefined;
  return { groups, data, fresh };
}

/** The heading's line for a grouped view: its groups' count, then `detail` (its page, its scope). */
export function GroupsLine({
  read: { groups, data },
  detail,
}: {
  read: ReturnType<typeof useGroupsRead>;
  detail: (page: AlarmGroupsPage) => string;
}) {
  return data ? (
    <GroupsSummary
      page={data}
      detail={detail(data)}
      fetching={groups.isFetching && !groups.isError}
    />
  ) : null;
}
