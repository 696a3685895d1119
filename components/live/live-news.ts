// What a view's live state means for the page on screen, as pure functions (the hooks call them;
// tests call them by hand): the alarms that arrived since the page was read and are not on it,
// and the status changes of its rows since. A row is matched by uuid in a deployment's view and
// by deployment and uuid in a view of several (one uuid could be two deployments'), in any case.
import type { AlarmStatus } from "@/lib/shared/alarms/query";
import type { LiveChange, LiveFresh, LiveState } from "@/lib/shared/live/types";

/** What the hooks need of a row on screen. */
export interface LiveRow {
  uuid: string;
  deployment: string;
}

/** The page on screen: its rows, and when the server read it (the server's epoch ms). */
export interface LivePage<T extends LiveRow = LiveRow> {
  alarms: readonly T[];
  readAt: number;
}

/** A row's key: its deployment and uuid (what `changed` is keyed by). */
export const liveRowKey = (row: LiveRow) => `${row.deployment}/${row.uuid.toLowerCase()}`;

/** What a state's item names: the row key in a view of several, the uuid in a deployment's. */
export const liveItemKey = (item: Pick<LiveFresh | LiveChange, "uuid" | "deployment">) =>
  item.deployment !== undefined
    ? liveRowKey({ deployment: item.deployment, uuid: item.uuid })
    : item.uuid.toLowerCase();

/** Each row of `alarms` by both names a state's item may give it, to its row key. */
function namesOf(alarms: readonly LiveRow[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const alarm of alarms) {
    const key = liveRowKey(alarm);
    names.set(key, key);
    names.set(alarm.uuid.toLowerCase(), key);
  }
  return names;
}

export interface LiveNews {
  /** Alarms of the view that arrived after the page was read and are not on it, newest first. */
  arrived: LiveFresh[];
  /** Status changes of the page's rows since it was read, by row key (liveRowKey). */
  changed: ReadonlyMap<string, AlarmStatus | null>;
}

export function liveNews(state: LiveState | null, page: LivePage | undefined): LiveNews {
  const changed = new Map<string, AlarmStatus | null>();
  if (!state || !page) return { arrived: [], changed };
  const names = namesOf(page.alarms);
  const arrived = state.fresh.filter(
    (fresh) => fresh.seenAt > page.readAt && !names.has(liveItemKey(fresh)),
  );
  // Oldest first, so the newest change of an alarm is the one kept.
  for (const change of [...state.changes].reverse()) {
    const row = names.get(liveItemKey(change));
    if (change.at > page.readAt && row !== undefined) changed.set(row, change.status);
  }
  return { arrived, changed };
}

/** Marks for the page's rows, by their uuid (the table's key): just shown, or just changed. */
export function liveMarks(
  alarms: readonly LiveRow[] | undefined,
  shown: ReadonlySet<string>,
  changed: ReadonlyMap<string, unknown>,
): Map<string, "new" | "changed"> {
  const marks = new Map<string, "new" | "changed">();
  for (const alarm of alarms ?? []) {
    const key = liveRowKey(alarm);
    if (changed.has(key)) marks.set(alarm.uuid, "changed");
    else if (shown.has(key) || shown.has(alarm.uuid.toLowerCase())) marks.set(alarm.uuid, "new");
  }
  return marks;
}
