import { type ListScope, oneDeployment } from "@/lib/shared/deployments/scope";
import { detailPath } from "./paths";
import { type AlarmListQuery, DEFAULT_QUERY, parseAlarmListQuery } from "./query";
import { UTC } from "./time-zone";
import { TZ_KEY, type ListView, parseView, viewApiSearch, viewHref, viewOf } from "./view";

// Links between a list and its alarms' details, whatever the list's scope: a row opens its alarm
// in the alarm's own deployment, remembering the list view it came from (`from` for a
// deployment's list, `queue` for that of several or every deployment: its search string), so the
// detail knows its place in it and Back leads there. Client-safe.

/** The detail's parameter naming the deployment's list view it was opened from. */
export const FROM_KEY = "from";
/** The detail's parameter naming the view of several or every deployment it was opened from. */
export const QUEUE_KEY = "queue";

/**
 * What a detail's `from` (or `queue`) says for a view of all defaults, whose search is empty: a
 * link with `from=` and nothing after it reads as a mistake to a person.
 */
const DEFAULT_VIEW_MARK = "default";

/** A view's search string (no "?") as a detail's `from` or `queue` carries it. */
export function originValue(search: string): string {
  return search === "" ? DEFAULT_VIEW_MARK : search;
}

/** The search string a detail's `from` or `queue` names (an empty one in links from before). */
export function originSearch(value: string): URLSearchParams {
  const search = value.replace(/^\?/, "");
  return new URLSearchParams(search === DEFAULT_VIEW_MARK ? "" : search);
}

/**
 * Detail hrefs for the rows of one view of `scope`'s list, in the zone the list is read in,
 * remembering that view (built once). The origin is always there, `default` for the default
 * view: a detail opened from a list knows its place in it, one opened from a bare link does not.
 */
export function detailHrefs(
  scope: ListScope,
  view: ListView,
): (alarm: { deployment: string; uuid: string }) => string {
  const params = new URLSearchParams();
  const key = scope.kind === "deployment" ? FROM_KEY : QUEUE_KEY;
  params.set(key, originValue(viewApiSearch(view)));
  if (view.tz !== UTC) params.set(TZ_KEY, view.tz);
  const search = `?${params}`;
  return (alarm) =>
    `${detailPath(scope.kind === "deployment" ? scope.key : alarm.deployment, alarm.uuid)}${search}`;
}

/**
 * The list query a detail's `from` names, or null when the detail was not opened from a list
 * (a bare or shared link, or one from before `from` was always written). Wrong parameters in
 * it are dropped, as the list itself would drop them.
 */
export function fromListQuery(from: string | null | undefined): AlarmListQuery | null {
  if (from === null || from === undefined) return null;
  return parseAlarmListQuery(originSearch(from)).query;
}

/**
 * The view of several or every deployment a detail's `queue` names (null when it was not opened
 * from one), read against the deployments the analyst may see. Wrong parameters in it are
 * dropped, as the list itself would drop them.
 */
export function fromQueueView(
  queue: string | null | undefined,
  known?: readonly string[],
): ListView | null {
  if (queue === null || queue === undefined) return null;
  const { view } = parseView(originSearch(queue), "all", { known });
  return { ...view, tz: UTC, group: undefined, groupSort: undefined };
}

/** A `from` value (a list search string someone put in a link) made safe and canonical. */
export function listHrefFrom(
  deployment: string,
  from: string | undefined | null,
  tz: string = UTC,
): string {
  const { view } = parseView(originSearch(from ?? ""), "deployment");
  return viewHref(oneDeployment(deployment), { ...view, tz });
}

/** A deployment's list filtered by one value (a detail's sensor or rule), in the reader's zone. */
export function filteredListHref(
  deployment: string,
  filters: AlarmListQuery["filters"],
  tz: string = UTC,
): string {
  return viewHref(oneDeployment(deployment), viewOf({ ...DEFAULT_QUERY, filters }, tz));
}
