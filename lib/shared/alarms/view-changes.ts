import type { GroupField, GroupSort } from "./groups";
import type { AlarmFilters, AlarmListQuery, PageSize } from "./query";
import type { ListView } from "./view";

// What a list's controls change in its view (./view.ts), whatever its scope. Changing what is
// shown starts again from the first page: a page or a cursor holds positions in one view.
// Client-safe.

const first = (view: ListView, query: Partial<AlarmListQuery> = {}): ListView => ({
  ...view,
  query: { ...view.query, ...query, page: 0 },
  cursor: null,
});

export function withFilters(view: ListView, filters: AlarmFilters): ListView {
  return first(view, { filters });
}

/** Another search (undefined: none); the filters stay. */
export function withSearch(view: ListView, q: string | undefined): ListView {
  const query = { ...view.query };
  delete query.q;
  if (q !== undefined) query.q = q;
  return first({ ...view, query });
}

/** Other deployments named (none: every visible one), from the first page. */
export function withDeployments(view: ListView, deployments: readonly string[]): ListView {
  return { ...first(view), deployments: [...deployments] };
}

export function withSize(view: ListView, size: PageSize): ListView {
  return first(view, { size });
}

/** The rows in another order, from the first page. */
export function withSort(view: ListView, sort: AlarmListQuery["sort"]): ListView {
  return first(view, { sort });
}

/** Another numbered page of the same view (rows or groups). */
export function withPage(view: ListView, page: number): ListView {
  return { ...view, query: { ...view.query, page }, cursor: null };
}

/** The same view from another place in the time-paged list; null = its newest page. */
export function withCursor(view: ListView, cursor: string | null): ListView {
  return { ...view, cursor };
}

/** The first page of the same view (newest first where it paged by time). */
export function atNewest(view: ListView): ListView {
  return withPage(view, 0);
}

/** Grouped by `group` (undefined: rows again), from the first page. */
export function withGroup(view: ListView, group: GroupField[] | undefined): ListView {
  return {
    ...first(view),
    group,
    ...(group ? {} : { groupSort: undefined }),
  };
}

/** The groups in another order, from the first page. */
export function withGroupSort(view: ListView, groupSort: GroupSort): ListView {
  return { ...first(view), groupSort: groupSort === "count" ? undefined : groupSort };
}

/** The zone changes how times are written, not which alarms: the place in the list stays. */
export function withZone(view: ListView, tz: string): ListView {
  return { ...view, tz };
}
