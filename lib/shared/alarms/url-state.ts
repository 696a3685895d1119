import {
  type AlarmListQuery,
  type QueryProblem,
  type SearchParamsInput,
  linkSearch,
  parseAlarmListQuery,
  toSearchParams,
} from "./query";
import { GROUP_KEY, GROUP_SORT_KEY, readGrouping, type GroupField, type GroupSort } from "./groups";
import { detailPath, listPath } from "./paths";
import { UTC, canonicalTimeZone } from "./time-zone";

// The list's whole URL: the query (what alarms) and the time zone the analyst reads them in
// (how they are shown, so a shared link shows the recipient the sender's clock). Read by one
// parser, written in one canonical form, turned into links in one place. Client-safe.

export const TZ_KEY = "tz";

export interface ListView {
  query: AlarmListQuery;
  /** An IANA zone name; "UTC" (the default) stays out of the URL. */
  tz: string;
  /**
   * The fields the view groups its alarms by (`group=strategy,method`): a table of groups, paged
   * by the query's page and size, instead of rows. Absent: rows.
   */
  group?: GroupField[];
  /** How the groups are ordered (absent: most alarms first); only with `group`. */
  groupSort?: GroupSort;
}

export type ViewProblem = QueryProblem;

/** The zone a `tz` value names: UTC when absent or empty, null when it names no zone. */
export function parseTimeZoneParam(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined || raw.trim() === "") return UTC;
  return canonicalTimeZone(raw);
}

/**
 * Reads a list URL's search params: the view, and every parameter that had to be corrected or
 * was left out. `others`: a route's own parameters besides the view's (an export's format).
 */
export function parseListView(
  input: SearchParamsInput,
  others: readonly string[] = [],
): {
  view: ListView;
  problems: ViewProblem[];
} {
  const { query, problems, params } = parseAlarmListQuery(input, [
    TZ_KEY,
    GROUP_KEY,
    GROUP_SORT_KEY,
    ...others,
  ]);
  const all: ViewProblem[] = [...problems];
  const { group, groupSort } = readGrouping(params, all);
  const tzValues = params.getAll(TZ_KEY);
  let tz = UTC;
  if (tzValues.length > 1) {
    all.push({ param: TZ_KEY, message: `${TZ_KEY} may be given only once` });
  } else {
    const zone = parseTimeZoneParam(tzValues[0]);
    if (zone === null) {
      all.push({ param: TZ_KEY, message: `${TZ_KEY} must be a time zone such as Europe/Berlin` });
    } else {
      tz = zone;
    }
  }
  return {
    view: { query, tz, ...(group ? { group } : {}), ...(groupSort ? { groupSort } : {}) },
    problems: all,
  };
}

/** The canonical search params of a view: defaults left out, keys in a fixed order. */
export function viewSearchParams(view: ListView): URLSearchParams {
  const params = toSearchParams(view.query);
  if (view.group && view.group.length > 0) {
    params.set(GROUP_KEY, view.group.join(","));
    if (view.groupSort && view.groupSort !== "count") params.set(GROUP_SORT_KEY, view.groupSort);
  }
  if (view.tz !== UTC) params.set(TZ_KEY, view.tz);
  return params;
}

/** The list's search string for a view ("" for the default view), for links back to it. */
export function listSearch(view: ListView): string {
  return linkSearch(viewSearchParams(view));
}

/** A deployment's list showing `view`. */
export function listHref(deployment: string, view: ListView): string {
  return `${listPath(deployment)}${listSearch(view)}`;
}

/**
 * Whether a search string already is its view's canonical form: nothing else in it (a parameter
 * the list does not take was reported and is left out, as a wrong value is corrected).
 */
export function isCanonical(current: URLSearchParams, view: ListView): boolean {
  return current.toString() === viewSearchParams(view).toString();
}

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

/** A `from` value (a list search string someone put in a link) made safe and canonical. */
export function listHrefFrom(
  deployment: string,
  from: string | undefined | null,
  tz: string = UTC,
): string {
  const { view } = parseListView(originSearch(from ?? ""));
  return listHref(deployment, { ...view, tz });
}

/** The detail's parameter naming the list view it was opened from. */
export const FROM_KEY = "from";

/**
 * Detail page hrefs for the rows of one list view, remembering that view (built once). `from`
 * is always there, `default` for the default view: a detail opened from a list knows its place
 * in it, one opened from a bare link (no `from`) does not.
 */
export function detailHrefsFor(deployment: string, view: ListView): (uuid: string) => string {
  const params = new URLSearchParams();
  params.set(FROM_KEY, originValue(toSearchParams(view.query).toString()));
  if (view.tz !== UTC) params.set(TZ_KEY, view.tz);
  const search = `?${params}`;
  return (uuid) => `${detailPath(deployment, uuid)}${search}`;
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

/** A list filtered by one value (a detail's sensor or rule), in the reader's time zone. */
export function filteredListHref(
  deployment: string,
  filters: AlarmListQuery["filters"],
  tz: string = UTC,
): string {
  return listHref(deployment, {
    query: { ...parseAlarmListQuery({}).query, filters },
    tz,
  });
}
