// A watched view's id, in one canonical form, client-safe: the browser names the views it watches
// with it, the server parses it back. Page and size are left out: every page of a view shares one
// watch. Two kinds:
// - a deployment's list: the deployment and the list's filters, sort and search
//   ("acme?status=open&range=24h", "acme?q=user%3Aalice"); the upstream answers it, or the index
//   when it searches or gives a filter several values (readsIndex);
// - the queue of several deployments: "all?<the same>&deployments=acme%2Cglobex", read from the
//   index. It names its deployments (sorted, each once): two analysts who may see different
//   deployments never share one watch.
import {
  DEFAULT_QUERY,
  parseAlarmListQuery,
  readsIndex,
  toSearchParams,
  type AlarmListQuery,
} from "@/lib/shared/alarms/query";
import { isDeploymentKey, isEverySegment } from "@/lib/shared/deployments/scope";

/** The all-view's parameter naming its deployments (a comma list, as the list of every deployment's). */
const LIVE_DEPLOYMENTS_KEY = "deployments";
/** Deployments one all-view may name: more than a console configures. */
const MAX_VIEW_DEPLOYMENTS = 100;
const MAX_ID_LENGTH = 4_000;

/** The all-view's deployments in canonical order: lower case, each once, sorted. */
function canonicalDeployments(deployments: readonly string[]): string[] {
  return [...new Set(deployments.map((key) => key.trim().toLowerCase()))].filter(Boolean).sort();
}

/**
 * The id of `deployment`'s view of `query` (`deployment` a list's path segment: a deployment's
 * key, or the scope's for several or every deployment, then of `deployments`, required there and
 * ignored elsewhere; lib/shared/deployments/scope.ts).
 */
export function liveViewId(
  deployment: string,
  query: AlarmListQuery,
  deployments: readonly string[] = [],
): string {
  const params = toSearchParams({ ...query, page: 0, size: DEFAULT_QUERY.size });
  if (isEverySegment(deployment)) {
    params.set(LIVE_DEPLOYMENTS_KEY, canonicalDeployments(deployments).join(","));
  }
  const search = params.toString();
  return search ? `${deployment}?${search}` : deployment;
}

export interface LiveView {
  id: string;
  /** The deployment's key, or "all" for the queue of several. */
  deployment: string;
  /** The deployments whose alarms the view shows: [deployment], or the all-view's, sorted. */
  deployments: string[];
  /** Page 0; size is the watch's to choose. */
  query: AlarmListQuery;
  /** What answers it: the upstream, polled; or the index, read when its sync writes. */
  source: "upstream" | "index";
}

/** The view an id names, or null when it is not one liveViewId would write. */
export function parseLiveViewId(id: string): LiveView | null {
  if (id.length > MAX_ID_LENGTH) return null;
  const mark = id.indexOf("?");
  const deployment = mark < 0 ? id : id.slice(0, mark);
  const params = new URLSearchParams(mark < 0 ? "" : id.slice(mark + 1));
  const all = isEverySegment(deployment);
  if (!all && !isDeploymentKey(deployment)) return null;
  let deployments = [deployment];
  if (all) {
    const named = params.getAll(LIVE_DEPLOYMENTS_KEY);
    params.delete(LIVE_DEPLOYMENTS_KEY);
    deployments = (named[0] ?? "").split(",");
    const valid = deployments.every(isDeploymentKey);
    if (named.length !== 1 || !valid || deployments.length > MAX_VIEW_DEPLOYMENTS) return null;
  }
  const { query, problems } = parseAlarmListQuery(params);
  if (problems.length > 0) return null;
  // One id per view: anything but the canonical form (a page, a size, another order of the
  // parameters or of the deployments) is refused.
  if (liveViewId(deployment, query, deployments) !== id) return null;
  const source = all || readsIndex(query) ? "index" : "upstream";
  return { id, deployment, deployments, query: { ...query, page: 0 }, source };
}
