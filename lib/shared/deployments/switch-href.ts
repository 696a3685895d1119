import { MERGED_LIST_PATH, detailPathParts, listPathDeployment } from "@/lib/shared/alarms/paths";
import { type AlarmFilters, DEFAULT_QUERY, FILTER_KEYS } from "@/lib/shared/alarms/query";
import { UTC } from "@/lib/shared/alarms/time-zone";
import {
  type ListView,
  TZ_KEY,
  listHref,
  listSearch,
  parseListView,
  parseTimeZoneParam,
} from "@/lib/shared/alarms/url-state";
import { ALL_DEPLOYMENTS } from "./types";

// Where the deployment switcher leads: the view the analyst is looking at, carried over to
// another deployment (or the merged queue) as far as it means the same thing there. Client-safe.

type FilterKey = (typeof FILTER_KEYS)[number];

/** Filters that name things of one deployment (a sensor's uuid): never carried to another. */
const DEPLOYMENT_FILTERS = ["alarm_sensor_sources"] as const satisfies readonly FilterKey[];
type DeploymentFilter = (typeof DEPLOYMENT_FILTERS)[number];

/** Filters that mean the same in every deployment and in the merged queue: all the others. */
const SHARED_FILTERS = FILTER_KEYS.filter(
  (key): key is Exclude<FilterKey, DeploymentFilter> =>
    !(DEPLOYMENT_FILTERS as readonly FilterKey[]).includes(key),
);

const DEFAULT_VIEW: ListView = parseListView({}).view;

/** The list view a page shows or came from, and whose it is; the default view elsewhere. */
function sourceOf(pathname: string, search: string): { deployment: string | null; view: ListView } {
  const params = new URLSearchParams(search);
  const list = listPathDeployment(pathname);
  if (list !== null) return { deployment: list, view: parseListView(params).view };
  const detail = detailPathParts(pathname);
  if (detail !== null) {
    // A detail remembers its list in `from` and its reader's zone in `tz` (see detailHrefsFor).
    const { view } = parseListView(new URLSearchParams(params.get("from") ?? ""));
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
 * The href of `target`'s list (or, for "all", the merged queue) seen from the page at
 * `pathname` + `search`:
 * - from a list or a detail (its `from` view and `tz`) of another deployment, or from the merged
 *   queue: the same view on its first page, without the sensor filter (sensors belong to one
 *   deployment); the search, sort, size, status, priority, rules, suppressed, time range and tz
 *   are kept.
 *   Parameters the list does not know (the merged queue's cursor) are dropped.
 * - from a list or detail of `target` itself: that list exactly as it was (page and sensor too).
 * - from anywhere else (home): `target`'s plain list.
 * - to "all": the merged queue with the search, the shared filters and tz (its order and paging
 *   are its own).
 * Always in canonical form: invalid parameters are left out.
 */
export function switchHref(pathname: string, search: string, target: string): string {
  const { deployment, view } = sourceOf(pathname, search);
  if (target === ALL_DEPLOYMENTS) {
    const merged: ListView = {
      query: { ...DEFAULT_QUERY, filters: sharedFilters(view.query.filters), q: view.query.q },
      tz: view.tz,
    };
    return `${MERGED_LIST_PATH}${listSearch(merged)}`;
  }
  if (deployment === target) return listHref(target, view);
  const filters = { ...view.query.filters };
  for (const key of DEPLOYMENT_FILTERS) delete filters[key];
  return listHref(target, { ...view, query: { ...view.query, page: 0, filters } });
}
