import { DEPLOYMENT_KEY } from "@/lib/shared/deployments/types";
import { type ListScope, scopeSegment, someDeployments } from "@/lib/shared/deployments/scope";
import { GROUP_KEY, GROUP_SORT_KEY, readGrouping, type GroupField, type GroupSort } from "./groups";
import { listPath } from "./paths";
import type { ParamProblem } from "./params";
import {
  DEFAULT_QUERY,
  DEFAULT_SORT,
  type AlarmListQuery,
  type SearchParamsInput,
  linkSearch,
  parseAlarmListQuery,
  toSearchParams,
} from "./query";
import { UTC, canonicalTimeZone } from "./time-zone";

// A list's whole URL, whatever its scope (lib/shared/deployments/scope.ts): the query (what
// alarms: page, size, sort, search, filters), the time zone the analyst reads them in (so a shared
// link shows the recipient the sender's clock) and the grouping. The list of several or every
// deployment (`/d/all/alarms`) also takes which deployments (`deployments`, a comma list; none =
// every one the analyst may see) and `cursor`, a place in the list paged by time instead (newest
// first): what it answers from each upstream when the index cannot be reached, and what links from
// before the index carry; only the server reads it. A deployment's list takes neither (a link
// giving them is corrected, saying so). One parser, one canonical form, every link built here.
// Client-safe, no zod (see ./query.ts).

export const TZ_KEY = "tz";
export const DEPLOYMENTS_KEY = "deployments";
export const CURSOR_KEY = "cursor";

export interface ListView {
  /** Page, size, sort, search and filters. */
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
  /**
   * The deployments named (several or every deployment's list; a deployment's list: none), in the
   * configured order when known; empty = every visible deployment.
   */
  deployments: string[];
  /** A place in the time-paged list (several or every deployment's); null = the query's page. */
  cursor: string | null;
}

export type ViewProblem = ParamProblem;

/** A view of `query` (defaults: the first page, newest first) in `tz`, no deployments named. */
export function viewOf(query: AlarmListQuery = DEFAULT_QUERY, tz: string = UTC): ListView {
  return { query, tz, deployments: [], cursor: null };
}

/** The view's scope, its path's (`path`) narrowed by the deployments it names. */
export function viewScope(path: ListScope, view: ListView): ListScope {
  return path.kind === "deployment" ? path : someDeployments(view.deployments);
}

/** The zone a `tz` value names: UTC when absent or empty, null when it names no zone. */
export function parseTimeZoneParam(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined || raw.trim() === "") return UTC;
  return canonicalTimeZone(raw);
}

const isDefaultSort = (sort: AlarmListQuery["sort"]) =>
  sort.field === DEFAULT_SORT.field && sort.direction === DEFAULT_SORT.direction;

/**
 * Reads a list URL's search params, names in any case: the view, and every parameter that had to
 * be corrected or was left out (so the page can say what it corrected), and so is every name the
 * list of `kind` (its path's: a deployment, or `all`) does not take. `known` (the visible deployments' keys, in the configured order)
 * drops named deployments the analyst may not see and orders the rest; without it keys keep the
 * order they were given in. A cursor pages by time, newest first: with a page number or another
 * order it is reported and dropped (the analyst's page or order stands), and grouped it has no
 * place at all. `others`: a route's own parameters besides the view's (an export's format).
 */
export function parseView(
  input: SearchParamsInput,
  kind: ListScope["kind"],
  { known, others = [] }: { known?: readonly string[]; others?: readonly string[] } = {},
): { view: ListView; problems: ViewProblem[] } {
  const across = kind !== "deployment";
  const own = [TZ_KEY, GROUP_KEY, GROUP_SORT_KEY, ...(across ? [DEPLOYMENTS_KEY, CURSOR_KEY] : [])];
  const { query, problems, params } = parseAlarmListQuery(input, [...own, ...others]);
  const values = (key: string) => params.getAll(key);

  const deployments = across ? parseDeployments(values(DEPLOYMENTS_KEY), known, problems) : [];

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
  const view: ListView = { query, tz, deployments, cursor: group ? null : cursor };
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
  problems: ViewProblem[],
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
 * What the rows' API takes, in the canonical order: the query (page, size, sort, search,
 * filters), then deployments and cursor (a place by time stands for the page).
 */
function apiParams(view: ListView): URLSearchParams {
  const params = toSearchParams(view.cursor === null ? view.query : { ...view.query, page: 0 });
  if (view.deployments.length > 0) params.set(DEPLOYMENTS_KEY, view.deployments.join(","));
  if (view.cursor !== null) params.set(CURSOR_KEY, view.cursor);
  return params;
}

/** The rows' API search string for a view (no "?"): what the list's read takes and keys by. */
export function viewApiSearch(view: ListView): string {
  return apiParams(view).toString();
}

/** The canonical search params of a view: the API's, the grouping, the time zone. */
export function viewSearchParams(view: ListView): URLSearchParams {
  const params = apiParams(view);
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

/** The list of `scope` (its path's: a deployment, or several or every one) showing `view`. */
export function viewHref(scope: ListScope, view: ListView): string {
  return `${listPath(scopeSegment(scope))}${listSearch(view)}`;
}

/**
 * Whether a search string already is its view's canonical form: nothing else in it (a parameter
 * the list does not take was reported and is left out, as a wrong value is corrected).
 */
export function isCanonical(current: URLSearchParams, view: ListView): boolean {
  return current.toString() === viewSearchParams(view).toString();
}
