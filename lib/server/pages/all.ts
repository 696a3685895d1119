import "server-only";
import { cache } from "react";
import { requireAnalyst } from "@/lib/server/auth/require-analyst";
import { groupList } from "@/lib/server/reads/list";
import { allList } from "@/lib/server/reads/queue";
import { allScopeOf } from "@/lib/server/deployments/scope";
import { deploymentRegistry } from "@/lib/server/deployments/registry";
import { GROUP_KEY, GROUP_SORT_KEY, type AlarmGroupsPage } from "@/lib/shared/alarms/groups";
import type { AllListPage } from "@/lib/shared/alarms/list-pages";
import { DEPLOYMENTS_KEY, viewApiSearch, type ListView } from "@/lib/shared/alarms/view";
import { toSearchParams } from "@/lib/shared/alarms/query";
import { pageRead } from "./page-gate";

// The queue of every deployment as its server page reads it, for the rows (or groups) and the
// tab's title alike: the same answers GET /api/d/all/alarms (and …/groups) give, read once per
// request however many parts of the page ask, and counted against the analyst's share as those
// requests are (./page-gate.ts).

const read = cache(async (search: string): Promise<AllListPage> => {
  const analyst = await requireAnalyst();
  const visible = deploymentRegistry().visibleTo(analyst);
  return pageRead(analyst.id, () => allList(new URLSearchParams(search), visible, analyst.id));
});

/** One page of the queue's rows (from the index, or each upstream where it cannot answer). */
export function readAllPage(view: ListView): Promise<AllListPage> {
  return read(viewApiSearch(view));
}

const readGroups = cache(async (search: string): Promise<AlarmGroupsPage> => {
  const analyst = await requireAnalyst();
  const allowed = deploymentRegistry()
    .visibleTo(analyst)
    .map((deployment) => deployment.key);
  const url = new URL(`http://page.invalid/?${search}`);
  return pageRead(analyst.id, () =>
    groupList(url, { ...allScopeOf(url, allowed), analyst: analyst.id }, {}, [DEPLOYMENTS_KEY]),
  );
});

/** The search string the groups' API reads for `view` (as groupsQueryOptions writes it). */
function allGroupsSearch(view: ListView): string {
  const params = toSearchParams(view.query);
  params.set(GROUP_KEY, (view.group ?? []).slice(0, 1).join(","));
  if (view.groupSort && view.groupSort !== "count") params.set(GROUP_SORT_KEY, view.groupSort);
  if (view.deployments.length > 0) params.set(DEPLOYMENTS_KEY, view.deployments.join(","));
  return params.toString();
}

/** One page of the queue's groups by its first field, from the index. */
export function readAllGroups(view: ListView): Promise<AlarmGroupsPage> {
  return readGroups(allGroupsSearch(view));
}
