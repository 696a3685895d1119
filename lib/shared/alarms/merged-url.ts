import { DEPLOYMENT_KEY } from "@/lib/shared/deployments/types";
import { GROUP_KEY, GROUP_SORT_KEY, readGrouping, type GroupField, type GroupSort } from "./groups";
import { MERGED_LIST_PATH, detailPath } from "./paths";
import { FILTER_NAMES } from "./filter-names";
import { readParams, type ParamProblem, type SearchParamsInput } from "./params";
import {
  DEFAULT_QUERY,
  DEFAULT_SORT,
  QUERY_KEYS,
  type AlarmFilters,
  type AlarmListQuery,
  type PageSize,
  linkSearch,
  parseAlarmListQuery,
  toSearchParams,
} from "./query";
import { UTC } from "./time-zone";
import { TZ_KEY, originSearch, originValue, parseTimeZoneParam } from "./url-state";

// The queue of every deployment's whole URL (/d/all/alarms): the list's own query (page, size,
// sort, search and filters, read by the list's parser), which deployments (`deployments`, a comma
// list; none = every one the analyst may see), the time zone and the grouping, as a deployment's
// list has them. The index answers it by numbered pages in any order. `cursor` is a place in the
// queue paged by time instead (newest first): what the queue answers from each upstream when the
// index cannot be reached here, and what links from before the index carry; only the server reads
// it. One parser, one canonical form, every link built here. Client-safe, no zod (see
// lib/shared/alarms/query.ts).

export const DEPLOYMENTS_KEY = "deployments";
export const CURSOR_KEY = "cursor";
/** A detail's parameter naming the queue view it was opened from (its search string). */
export const QUEUE_KEY = "queue";

export interface MergedView {
  /** Page, size, sort, search and filters, as a deployment's list has them. */
  query: AlarmListQuery;
  /** Deployment keys, in the configured order when known; empty = every visible deployment. */
  deployments: string[];
  /** A place in the time-paged queue; null = the query's numbered page. */
  cursor: string | null;
  /** An IANA zone name; "UTC" (the default) stays out of the URL. */
  tz: string;
  /** The fields the queue's alarms are grouped by (lib/shared/alarms/groups); absent: rows. */
  group?: GroupField[];
  /** How the groups are ordered (grouped only; absent: most alarms first). */
  groupSort?: GroupSort;
}

export type MergedProblem = ParamProblem;

/** The queue's own parameters, besides the list's. */
const OWN_KEYS = [DEPLOYMENTS_KEY, CURSOR_KEY, TZ_KEY, GROUP_KEY, GROUP_SORT_KEY];

const isDefaultSort = (sort: AlarmListQuery["sort"]) =>
  sort.field === DEFAULT_SORT.field && sort.direction === DEFAULT_SORT.direction;

/**
 * Reads the merged queue's search params, names in any case. Every wrong parameter is reported
 * and left out, so the page can say what it corrected, and so is every name the queue does not
 * take. `known` (the visible deployments' keys, in the configured order) drops keys the analyst
 * may not see and orders the rest; without it keys keep the order they were given in. A cursor
 * pages by time, newest first: with a page number or another order it is reported and dropped
 * (the analyst's page or order stands), and grouped it has no place at all.
 */
export function parseMergedView(
  input: SearchParamsInput,
  known?: readonly string[],
): { view: MergedView; problems: MergedProblem[] } {
  const { params, unknown } = readParams(input, [...QUERY_KEYS, ...OWN_KEYS], FILTER_NAMES);
  const own = new URLSearchParams(params);
  for (const key of OWN_KEYS) own.delete(key);
  const { query, problems: queryProblems } = parseAlarmListQuery(own);
  const problems: MergedProblem[] = [...unknown, ...queryProblems];
  const values = (key: string) => params.getAll(key);

  const deployments = parseDeployments(values(DEPLOYMENTS_KEY), known, problems);

  let cursor: string | null = null;
  const cursors = values(CURSOR_KEY);
  if (cursors.length > 1) {
    problems.push({ param: CURSOR_KEY, message: `${CURSOR_KEY} may be given only once` });
  } else if (cursors[0] !== undefined && cursors[0].trim() !== "") {
    cursor = cursors[0].trim(); // opaque: the server says whether it can read it
  }

  let tz = UTC;
  const zones = values(TZ_KEY);
  if (zones.length > 1) {
    problems.push({ param: TZ_KEY, message: `${TZ_KEY} may be given only once` });
  } else {
    const zone = parseTimeZoneParam(zones[0]);
    if (zone === null) {
      problems.push({
        param: TZ_KEY,
        message: `${TZ_KEY} must be a time zone such as Europe/Berlin`,
      });
    } else tz = zone;
  }

  const { group, groupSort } = readGrouping(params, problems);
  if (cursor !== null && !group && (query.page > 0 || !isDefaultSort(query.sort))) {
    problems.push({
      param: CURSOR_KEY,
      message: `${CURSOR_KEY}: a place in the newest-first queue cannot go with a page number or another order`,
    });
    cursor = null;
  }
  const view: MergedView = { query, deployments, cursor: group ? null : cursor, tz };
  if (group) {
    view.group = group;
    if (groupSort) view.groupSort = groupSort;
  }
  return { view, problems };
}

/** `deployments` (one comma list) as keys among `known`; what is wrong is pushed to `problems`. */
export function parseDeployments(
  raw: string[],
  known: readonly string[] | undefined,
  problems: MergedProblem[],
): string[] {
  if (raw.length > 1) {
    problems.push({
      param: DEPLOYMENTS_KEY,
      message: `${DEPLOYMENTS_KEY} may be given only once (name several with commas)`,
    });
    return [];
  }
  const keys = [
    ...new Set(
      (raw[0] ?? "")
        .split(",")
        .map((key) => key.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const unknown = keys.filter(
    (key) => !DEPLOYMENT_KEY.test(key) || (known !== undefined && !known.includes(key)),
  );
  if (unknown.length > 0) {
    // Said back in few, short, printable words: the list came from anyone's link.
    const named = unknown
      .slice(0, 3)
      .map((key) => key.slice(0, 40).replace(/[^\x20-\x7e]/g, "?"))
      .join(", ");
    const more = unknown.length > 3 ? ` and ${unknown.length - 3} more` : "";
    problems.push({
      param: DEPLOYMENTS_KEY,
      message: `${DEPLOYMENTS_KEY}: there is no deployment ${named}${more} you may see`,
    });
  }
  const valid = keys.filter((key) => !unknown.includes(key));
  return known ? known.filter((key) => valid.includes(key)) : valid;
}

/**
 * What the rows' API takes, in the canonical order: the list's query (page, size, sort, search,
 * filters), then deployments and cursor.
 */
function mergedApiParams(view: MergedView): URLSearchParams {
  const params = toSearchParams(view.cursor === null ? view.query : { ...view.query, page: 0 });
  if (view.deployments.length > 0) params.set(DEPLOYMENTS_KEY, view.deployments.join(","));
  if (view.cursor !== null) params.set(CURSOR_KEY, view.cursor);
  return params;
}

/** The API's search string for a view (no "?"): what mergedQueryOptions takes and keys by. */
export function mergedApiSearch(view: MergedView): string {
  return mergedApiParams(view).toString();
}

/** The page's canonical search params: the API's, the grouping, the time zone. */
function mergedSearchParams(view: MergedView): URLSearchParams {
  const params = mergedApiParams(view);
  if (view.group && view.group.length > 0) {
    params.set(GROUP_KEY, view.group.join(","));
    if (view.groupSort && view.groupSort !== "count") params.set(GROUP_SORT_KEY, view.groupSort);
  }
  if (view.tz !== UTC) params.set(TZ_KEY, view.tz);
  return params;
}

/** The merged queue showing `view`. */
export function mergedHref(view: MergedView): string {
  return `${MERGED_LIST_PATH}${linkSearch(mergedSearchParams(view))}`;
}

/** The same view from another place in the time-paged queue; null = the first page. */
export function mergedPageHref(view: MergedView, cursor: string | null): string {
  return mergedHref({ ...view, cursor });
}

/** Back to the first page of the same view (newest first where it paged by time). */
export function mergedNewestHref(view: MergedView): string {
  return mergedHref({ ...view, cursor: null, query: { ...view.query, page: 0 } });
}

/**
 * Detail hrefs for the rows of one queue view, in the zone the queue is read in: each alarm opens
 * in its own deployment, remembering the queue (`queue`: its search string, so the detail knows
 * its place in it and Back leads there).
 */
export function mergedDetailHrefs(
  view: MergedView,
): (alarm: { deployment: string; uuid: string }) => string {
  const params = new URLSearchParams();
  params.set(QUEUE_KEY, originValue(mergedApiSearch({ ...view, group: undefined })));
  if (view.tz !== UTC) params.set(TZ_KEY, view.tz);
  const search = `?${params}`;
  return (alarm) => `${detailPath(alarm.deployment, alarm.uuid)}${search}`;
}

/**
 * The queue view a detail's `queue` names (null when it was not opened from the queue), read
 * against the deployments the analyst may see. Wrong parameters in it are dropped, as the queue
 * itself would drop them.
 */
export function fromQueueView(
  queue: string | null | undefined,
  known?: readonly string[],
): MergedView | null {
  if (queue === null || queue === undefined) return null;
  const { view } = parseMergedView(originSearch(queue), known);
  return { ...view, tz: UTC, group: undefined, groupSort: undefined };
}

/** Whether the current search string already is the view's canonical form. */
export function isCanonicalMerged(current: URLSearchParams, view: MergedView): boolean {
  return current.toString() === mergedSearchParams(view).toString();
}

// Changing what is shown starts again from the first page: a page or cursor holds positions in
// one view.

const first = (view: MergedView, query: Partial<AlarmListQuery> = {}): MergedView => ({
  ...view,
  query: { ...view.query, ...query, page: 0 },
  cursor: null,
});

export function withFilters(view: MergedView, filters: AlarmFilters): MergedView {
  return first(view, { filters });
}

/** Another search (undefined: none); the filters stay. */
export function withSearch(view: MergedView, q: string | undefined): MergedView {
  const query = { ...view.query };
  delete query.q;
  if (q !== undefined) query.q = q;
  return first({ ...view, query });
}

export function withDeployments(view: MergedView, deployments: readonly string[]): MergedView {
  return { ...first(view), deployments: [...deployments] };
}

export function withSize(view: MergedView, size: PageSize): MergedView {
  return first(view, { size });
}

/** The rows in another order, from the first page. */
export function withSort(view: MergedView, sort: AlarmListQuery["sort"]): MergedView {
  return first(view, { sort });
}

/** Another numbered page of the same view (rows or groups). */
export function withPage(view: MergedView, page: number): MergedView {
  return { ...view, query: { ...view.query, page }, cursor: null };
}

/** Grouped by `group` (undefined: rows again), from the first page. */
export function withGroup(view: MergedView, group: GroupField[] | undefined): MergedView {
  return {
    ...first(view),
    group,
    ...(group ? {} : { groupSort: undefined }),
  };
}

/** The groups in another order, from the first page. */
export function withGroupSort(view: MergedView, groupSort: GroupSort): MergedView {
  return { ...first(view), groupSort: groupSort === "count" ? undefined : groupSort };
}

/** The zone changes how times are written, not which alarms: the place in the queue stays. */
export function withZone(view: MergedView, tz: string): MergedView {
  return { ...view, tz };
}

/** The queue's default view (every deployment, newest first, the first page). */
export const DEFAULT_MERGED_VIEW: MergedView = {
  query: DEFAULT_QUERY,
  deployments: [],
  cursor: null,
  tz: UTC,
};
