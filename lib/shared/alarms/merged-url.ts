import { DEPLOYMENT_KEY } from "@/lib/shared/deployments/types";
import { GROUP_KEY, GROUP_SORT_KEY, readGrouping, type GroupField, type GroupSort } from "./groups";
import { MERGED_LIST_PATH, detailPath } from "./paths";
import { readParams, type ParamProblem, type SearchParamsInput } from "./params";
import {
  QUERY_KEYS,
  type AlarmFilters,
  type PageSize,
  paramParsers,
  parseAlarmListQuery,
  toSearchParams,
} from "./query";
import { UTC } from "./time-zone";
import { TZ_KEY, parseTimeZoneParam } from "./url-state";

// The merged queue's whole URL (/d/all/alarms): the list's filters and page size (it pages by
// cursor, newest first, so no `page` and no `sort`), which deployments (`deployments`, a comma
// list; none = every one the analyst may see), where in the queue (`cursor`, opaque: only the
// server reads it) and the time zone. Grouped (`group`, from the index), it shows groups instead,
// paged by number (`page`). One parser, one canonical form, every link built here.
// Client-safe, no zod (see lib/shared/alarms/query.ts).

export const DEPLOYMENTS_KEY = "deployments";
export const CURSOR_KEY = "cursor";

/** What the merged queue does not take from the list's URL: it pages by cursor, newest first. */
const NOT_TAKEN = ["page", "sort"] as const;

export interface MergedView {
  filters: AlarmFilters;
  /** A search of the index (lib/shared/search), exactly as typed; absent = none. */
  q?: string;
  size: PageSize;
  /** Deployment keys, in the configured order when known; empty = every visible deployment. */
  deployments: string[];
  /** Where the page starts; null = the newest alarms. */
  cursor: string | null;
  /** An IANA zone name; "UTC" (the default) stays out of the URL. */
  tz: string;
  /** The fields the queue's alarms are grouped by (lib/shared/alarms/groups); absent: rows. */
  group?: GroupField[];
  /** The page of groups (grouped only; 0 stays out of the URL). */
  page?: number;
  /** How the groups are ordered (grouped only; absent: most alarms first). */
  groupSort?: GroupSort;
}

export type MergedProblem = ParamProblem;

/** The queue's own parameters, besides the list's. */
const OWN_KEYS = [DEPLOYMENTS_KEY, CURSOR_KEY, TZ_KEY, GROUP_KEY, GROUP_SORT_KEY];

/**
 * Reads the merged queue's search params, names in any case. Every wrong parameter is reported
 * and left out, so the page can say what it corrected, and so is every name the queue does not
 * take. `known` (the visible deployments' keys, in the configured order) drops keys the analyst
 * may not see and orders the rest; without it keys keep the order they were given in. `page`
 * and `sort` are ignored without a word: a link copied from one deployment's list carries them,
 * and the queue has its own answer to both.
 */
export function parseMergedView(
  input: SearchParamsInput,
  known?: readonly string[],
): { view: MergedView; problems: MergedProblem[] } {
  const { params, unknown } = readParams(input, [...QUERY_KEYS, ...OWN_KEYS]);
  const own = new URLSearchParams(params);
  for (const key of [...NOT_TAKEN, ...OWN_KEYS]) own.delete(key);
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

  const view: MergedView = { filters: query.filters, size: query.size, deployments, cursor, tz };
  if (query.q !== undefined) view.q = query.q;

  const { group, groupSort } = readGrouping(params, problems);
  if (group) {
    // Groups are paged by number: a page of groups, no place in the queue.
    view.group = group;
    view.cursor = null;
    if (groupSort) view.groupSort = groupSort;
    const page = values("page")[0];
    const read = page === undefined || page === "" ? null : paramParsers.page(page);
    if (read?.ok && read.value > 0) view.page = read.value;
    else if (read && !read.ok) problems.push({ param: "page", message: `page ${read.message}` });
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
    problems.push({
      param: DEPLOYMENTS_KEY,
      message: `${DEPLOYMENTS_KEY}: there is no deployment ${unknown.join(", ")} you may see`,
    });
  }
  const valid = keys.filter((key) => !unknown.includes(key));
  return known ? known.filter((key) => valid.includes(key)) : valid;
}

/** What the API takes, in the canonical order: size, the search, the filters, deployments, cursor. */
export function mergedApiParams(view: MergedView): URLSearchParams {
  const params = toSearchParams({
    page: 0,
    size: view.size,
    sort: { field: "timestamp_occured", direction: "desc" },
    filters: view.filters,
    q: view.q,
  });
  if (view.deployments.length > 0) params.set(DEPLOYMENTS_KEY, view.deployments.join(","));
  if (view.cursor !== null) params.set(CURSOR_KEY, view.cursor);
  return params;
}

/** The API's search string for a view (no "?"): what mergedQueryOptions takes and keys by. */
export function mergedApiSearch(view: MergedView): string {
  return mergedApiParams(view).toString();
}

/** The page's canonical search params: the API's, the grouping and its page, the time zone. */
export function mergedSearchParams(view: MergedView): URLSearchParams {
  const params = mergedApiParams(view);
  if (view.group && view.group.length > 0) {
    params.set(GROUP_KEY, view.group.join(","));
    if (view.groupSort) params.set(GROUP_SORT_KEY, view.groupSort);
    if (view.page) params.set("page", String(view.page));
  }
  if (view.tz !== UTC) params.set(TZ_KEY, view.tz);
  return params;
}

/** The merged queue showing `view`. */
export function mergedHref(view: MergedView): string {
  const search = mergedSearchParams(view).toString();
  return `${MERGED_LIST_PATH}${search ? `?${search}` : ""}`;
}

/** The same view from another place in the queue (Older, Newer); null = the newest alarms. */
export function mergedPageHref(view: MergedView, cursor: string | null): string {
  return mergedHref({ ...view, cursor });
}

/** Back to the newest alarms of the same view. */
export function mergedNewestHref(view: MergedView): string {
  return mergedPageHref(view, null);
}

/**
 * An alarm's detail in its own deployment, in the zone the queue is read in. No `from`: a detail
 * steps through its own deployment's list, not the queue.
 */
export function mergedDetailHref(alarm: { deployment: string; uuid: string }, tz: string): string {
  const path = detailPath(alarm.deployment, alarm.uuid);
  return tz === UTC ? path : `${path}?${new URLSearchParams({ [TZ_KEY]: tz })}`;
}

/** Whether the current search string already is the view's canonical form. */
export function isCanonicalMerged(current: URLSearchParams, view: MergedView): boolean {
  return current.toString() === mergedSearchParams(view).toString();
}

// Changing what is shown starts again from the newest: a cursor holds positions in one view.

export function withFilters(view: MergedView, filters: AlarmFilters): MergedView {
  return { ...view, filters, cursor: null, page: undefined };
}

/** Another search (undefined: none); the filters stay. */
export function withSearch(view: MergedView, q: string | undefined): MergedView {
  return { ...view, q, cursor: null, page: undefined };
}

export function withDeployments(view: MergedView, deployments: readonly string[]): MergedView {
  return { ...view, deployments: [...deployments], cursor: null, page: undefined };
}

export function withSize(view: MergedView, size: PageSize): MergedView {
  return { ...view, size, cursor: null, page: undefined };
}

/** Grouped by `group` (undefined: rows again), from the first page. */
export function withGroup(view: MergedView, group: GroupField[] | undefined): MergedView {
  return {
    ...view,
    group,
    cursor: null,
    page: undefined,
    ...(group ? {} : { groupSort: undefined }),
  };
}

/** The groups in another order, from the first page. */
export function withGroupSort(view: MergedView, groupSort: GroupSort): MergedView {
  return { ...view, groupSort: groupSort === "count" ? undefined : groupSort, page: undefined };
}

/** The zone changes how times are written, not which alarms: the place in the queue stays. */
export function withZone(view: MergedView, tz: string): MergedView {
  return { ...view, tz };
}
