import "server-only";
import { deploymentRegistry } from "@/lib/server/deployments/registry";
import { indexDatabase } from "@/lib/server/search/read-index";
import { groupAlarms } from "@/lib/server/search/groups";
import { searchAlarmPage } from "@/lib/server/search/search";
import { readAlarmPage, type UsmCall } from "@/lib/server/usm";
import {
  GROUP_KEY,
  GROUP_SORT_KEY,
  readGrouping,
  type AlarmGroupsPage,
} from "@/lib/shared/alarms/groups";
import { SEARCH_KEY, parseAlarmListQuery, type AlarmListQuery } from "@/lib/shared/alarms/query";
import type { AlarmPage } from "@/lib/shared/alarms/types";
import { ApiError, invalidRequest } from "@/lib/shared/core/errors";
import { readSearch, readView, type IndexInput } from "./index-read";
import { chooseSource } from "./policy";
import type { ScopeFor } from "@/lib/server/deployments/scope";

// A deployment's list as GET /api/d/{key}/alarms and its server page read it, and the groups of
// any view: from where READ_RULES says (./policy.ts).

/** One page of a view of the index (a deployment's, or the queue's numbered one). */
export async function searchList(
  query: AlarmListQuery,
  { analyst, ...scope }: ScopeFor,
  { database, now = Date.now() }: IndexInput = {},
): Promise<AlarmPage> {
  const search = query.q === undefined ? null : readSearch(query.q, analyst);
  const db = database ?? (await indexDatabase());
  return readView(db, (tx) => searchAlarmPage(tx, { ...scope, search, query }, now), { analyst });
}

/** A deployment's page: the index's, or the upstream's as it answered (its JSON kept). */
export type DeploymentPage =
  | { source: "index"; page: AlarmPage }
  | { source: "upstream"; read: Awaited<ReturnType<typeof readAlarmPage>> };

/**
 * One page of a deployment's view. `fresh`: the upstream read anew rather than a page another
 * analyst read a moment ago. `index`: whose alarms the analyst may read (required for a view the
 * index answers), and the index to read in tests. A view that needs the index answers its
 * errors (503 index_unavailable saying why), never the upstream's page of another view.
 */
export async function readDeploymentPage(
  query: AlarmListQuery,
  call: UsmCall,
  { fresh = false, index }: { fresh?: boolean; index?: ScopeFor & IndexInput } = {},
): Promise<DeploymentPage> {
  const choice = chooseSource({ kind: "page", scope: "deployment", query });
  if (choice.source === "upstream") {
    return { source: "upstream", read: await readAlarmPage(query, call, { fresh }) };
  }
  if (choice.source === "refused") throw choice.error;
  if (!index) throw new ApiError("internal", "A search needs the analyst's deployments.");
  return { source: "index", page: await searchList(query, index, index) };
}

/**
 * GET /api/d/{key}/alarms/groups?group=…&<the list's parameters> (and /api/d/all/…, which may
 * name `deployments`): one page of the view's groups, from the index, most alarms first.
 * Deployments are labelled by their names.
 */
export async function groupList(
  url: URL,
  { analyst, ...scope }: ScopeFor,
  { database, now = Date.now() }: IndexInput = {},
  others: readonly string[] = [],
  nameOf: (key: string) => string | undefined = (key) =>
    deploymentRegistry()
      .all()
      .find((deployment) => deployment.key === key)?.name,
): Promise<AlarmGroupsPage> {
  const { query, problems, params } = parseAlarmListQuery(url.searchParams, [
    GROUP_KEY,
    GROUP_SORT_KEY,
    ...others,
  ]);
  const grouping = problems.length > 0 ? {} : readGrouping(params, problems);
  if (problems.length > 0) throw invalidRequest(problems);
  const group = grouping.group;
  if (!group) {
    throw new ApiError(
      "invalid_request",
      `${GROUP_KEY} is required: the fields to group by, such as ${GROUP_KEY}=strategy`,
      { param: GROUP_KEY },
    );
  }
  // Groups are the index's alone (READ_RULES.groups): nothing to fall back to.
  const choice = chooseSource({ kind: "groups", scope: "deployment", query });
  if (choice.source !== "index") throw new ApiError("internal", "Groups are read from the index.");
  const sort = grouping.groupSort;
  const search = query.q === undefined ? null : readSearch(query.q, analyst);
  const db = database ?? (await indexDatabase());
  const page = await readView(
    db,
    (tx) => groupAlarms(tx, { ...scope, search, query, group, sort }, now),
    { analyst, param: query.q === undefined ? GROUP_KEY : SEARCH_KEY },
  );
  const at = group.indexOf("deployment");
  if (at < 0) return page;
  return {
    ...page,
    groups: page.groups.map((g) => ({
      ...g,
      labels: g.labels.map((label, i) => (i === at && label ? (nameOf(label) ?? label) : label)),
    })),
  };
}
