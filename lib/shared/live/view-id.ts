// A watched view's id: the deployment and the list's filters and sort, in canonical form
// ("acme?status=open&range=24h"); page and size are left out, every page of a view shares one
// watcher. Client-safe: the browser names the views it watches with it, the server parses it back.
import {
  DEFAULT_QUERY,
  parseAlarmListQuery,
  readsIndex,
  toSearchParams,
  type AlarmListQuery,
} from "@/lib/shared/alarms/query";
import { DEPLOYMENT_KEY } from "@/lib/shared/deployments/types";

export function liveViewId(deployment: string, query: AlarmListQuery): string {
  const search = toSearchParams({ ...query, page: 0, size: DEFAULT_QUERY.size }).toString();
  return search ? `${deployment}?${search}` : deployment;
}

export interface LiveView {
  id: string;
  deployment: string;
  /** Page 0; size is the watcher's to choose. */
  query: AlarmListQuery;
}

/** The view an id names, or null when it is not one liveViewId would write. */
export function parseLiveViewId(id: string): LiveView | null {
  if (id.length > 2_000) return null;
  const mark = id.indexOf("?");
  const deployment = mark < 0 ? id : id.slice(0, mark);
  if (!DEPLOYMENT_KEY.test(deployment)) return null;
  const { query, problems } = parseAlarmListQuery(
    new URLSearchParams(mark < 0 ? "" : id.slice(mark + 1)),
  );
  // A search (or several values of a filter) reads the index: nothing upstream watches it.
  if (problems.length > 0 || readsIndex(query)) return null;
  // One id per view: anything but the canonical form (a page, a size, another order) is refused.
  if (liveViewId(deployment, query) !== id) return null;
  return { id, deployment, query: { ...query, page: 0 } };
}
