import "server-only";
import { cache } from "react";
import { groupList, readDeploymentPage } from "@/lib/server/reads/list";
import {
  GROUP_KEY,
  GROUP_SORT_KEY,
  type AlarmGroupsPage,
  type GroupField,
  type GroupSort,
} from "@/lib/shared/alarms/groups";
import {
  parseAlarmListQuery,
  toSearchParams,
  type AlarmListQuery,
} from "@/lib/shared/alarms/query";
import type { AlarmPage } from "@/lib/shared/alarms/types";
import { pageDeployment } from "./deployment";
import { pageRead } from "./page-gate";

// A deployment's list page as its server page reads it, for the rows and the tab's title alike:
// from where the read seam says (lib/server/reads), as GET /api/d/{key}/alarms does;
// a grouped view's groups from the index. Each counts against the analyst's share as the API's
// request would (./page-gate.ts).

const read = cache(async (key: string, search: string): Promise<AlarmPage> => {
  const { info, call, allowed, analyst } = await pageDeployment(key);
  const { query } = parseAlarmListQuery(new URLSearchParams(search));
  const index = { allowed, deployments: [info.key], analyst: analyst.id };
  return pageRead(analyst.id, async () => {
    const read = await readDeploymentPage(query, call, { index });
    return read.source === "index" ? read.page : read.read.value();
  });
});

/** One page of `query` (read once per request, however many parts of the page ask). */
export function readListPage(key: string, query: AlarmListQuery): Promise<AlarmPage> {
  return read(key, toSearchParams(query).toString());
}

const readGroups = cache(async (key: string, search: string): Promise<AlarmGroupsPage> => {
  const { info, allowed, analyst } = await pageDeployment(key);
  const url = new URL(`http://page.invalid/?${search}`);
  return pageRead(analyst.id, () =>
    groupList(url, { allowed, deployments: [info.key], analyst: analyst.id }),
  );
});

/**
 * One page of the groups of `query` by `group`, in `sort`'s order, from the index (as GET
 * …/alarms/groups, and under the search the browser's groupsQueryOptions keys it by).
 */
export function readGroupsPage(
  key: string,
  query: AlarmListQuery,
  group: readonly GroupField[],
  sort?: GroupSort,
): Promise<AlarmGroupsPage> {
  const params = toSearchParams(query);
  params.set(GROUP_KEY, group.join(","));
  if (sort && sort !== "count") params.set(GROUP_SORT_KEY, sort);
  return readGroups(key, params.toString());
}
