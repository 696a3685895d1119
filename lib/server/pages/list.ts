import "server-only";
import { cache } from "react";
import { searchList } from "@/lib/server/api/search-routes";
import { fetchAlarmPage } from "@/lib/server/usm";
import {
  parseAlarmListQuery,
  toSearchParams,
  type AlarmListQuery,
} from "@/lib/shared/alarms/query";
import type { AlarmPage } from "@/lib/shared/alarms/types";
import { pageDeployment } from "./deployment";

// A deployment's list page as its server page reads it, for the rows and the tab's title alike:
// from the upstream, or from the index when the view searches (as GET /api/d/{key}/alarms does).

const read = cache(async (key: string, search: string): Promise<AlarmPage> => {
  const { info, call, allowed } = await pageDeployment(key);
  const { query } = parseAlarmListQuery(new URLSearchParams(search));
  if (query.q === undefined) return fetchAlarmPage(query, call);
  return searchList({ ...query, q: query.q }, { allowed, deployments: [info.key] });
});

/** One page of `query` (read once per request, however many parts of the page ask). */
export function readListPage(key: string, query: AlarmListQuery): Promise<AlarmPage> {
  return read(key, toSearchParams(query).toString());
}
