import { detailPathParts, listPathDeployment } from "@/lib/shared/alarms/paths";
import { type AlarmFilters, DEFAULT_QUERY, FILTER_KEYS } from "@/lib/shared/alarms/query";
import { UTC } from "@/lib/shared/alarms/time-zone";
import {
  type ListView,
  TZ_KEY,
  parseTimeZoneParam,
  parseView,
  viewHref,
  viewOf,
} from "@/lib/shared/alarms/view";
import { FROM_KEY, QUEUE_KEY } from "@/lib/shared/alarms/view-links";
import { EVERY_DEPLOYMENT, isEverySegment, oneDeployment } from "./scope";

// Where the deployment switcher leads: the view the analyst is looking at, carried over to
// another deployment (or the list of every deployment) as far as it means the same thing there. Client-safe.

type FilterKey = (typeof FILTER_KEYS)[number];

/** Filters that name things of one deployment (a sensor's uuid): never carried to another. */
const DEPLOYMENT_FILTERS = ["alarm_sensor_sources"] as const satisfies readonly FilterKey[];
type DeploymentFilter = (typeof DEPLOYMENT_FILTERS)[number];

/** Filters that mean the same in every deployment and in the list of every deployment: all the others. */
const SHARED_FILTERS = FILTER_KEYS.filter(
  (key): key is Exclude<FilterKey, DeploymentFilter> =>
    !(DEPLOYMENT_FILTERS as readonly FilterKey[]).includes(key),
);

const DEFAULT_VIEW: ListView = viewOf();

/** A list's view as a deployment's list reads it (what only the list of several takes: dropped). */
const listView = (params: URLSearchParams) => parseView(params, "deployment").view;

/** The list view a page shows or came from, and whose it is; the default view elsewhere. */
function sourceOf(pathname: string, search: string): { deployment: string | null; view: ListView } {
  const params = new URLSearchParams(search);
  const list = listPathDeployment(pathname);
  if (list !== null) return { deployment: list, view: listView(params) };
  const detail = detailPathParts(pathname);
  if (detail !== null) {
    // A detail remembers its list in `from` (a deployment's) or `queue` (every deployment's), and
    // its reader's zone in `tz` (see detailHrefs); what only the list of several takes is dropped.
    const origin = params.get(FROM_KEY) ?? params.get(QUEUE_KEY) ?? "";
    const view = listView(new URLSearchParams(origin));
    return {
      deployment: detail.deployment,
      view: { ...view, tz: parseTimeZoneParam(params.get(TZ_KEY)) ?? UTC },
    };
  }
  return { deployment: null, view: DEFAULT_VIEW };
}

function sharedFilters(filters: AlarmFilters): AlarmFilters {
  const kept: AlarmFilters = {};
  for (const key of SHARED_FILTERS) {
    if (filters[key] !== undefined) (kept as Record<string, unknown>)[key] = filters[key];
  }
  return kept;
}

/**
 * The href of `target`'s list (or, for "all", the list of every deployment) seen from the page at
 * `pathname` + `search`:
 * - from a list or a detail (its `from` view and `tz`) of another deployment, or from the list
 *   of every deployment: the same view on its first page, without the sensor filter (sensors belong to one
 *   deployment); the search, sort, size, status, priority, rules, suppressed, time range and tz
 *   are kept.
 *   Parameters the list does not know (the cursor of the list of every deployment) are dropped.
 * - from a list or detail of `target` itself: that list exactly as it was (page and sensor too).
 * - from anywhere else (home): `target`'s plain list.
 * - to "all": the list of every deployment with the search, the shared filters and tz (its order and paging
 *   are its own).
 * Always in canonical form: invalid parameters are left out.
 */
export function switchHref(pathname: string, search: string, target: string): string {
  const { deployment, view } = sourceOf(pathname, search);
  if (isEverySegment(target)) {
    const query = { ...DEFAULT_QUERY, filters: sharedFilters(view.query.filters), q: view.query.q };
    return viewHref(EVERY_DEPLOYMENT, viewOf(query, view.tz));
  }
  const scope = oneDeployment(target);
  if (deployment === target) return viewHref(scope, view);
  const filters = { ...view.query.filters };
  for (const key of DEPLOYMENT_FILTERS) delete filters[key];
  return viewHref(scope, { ...view, query: { ...view.query, page: 0, filters } });
}
