// What changed in a view between two polls of its first page. Pure: the watcher feeds it each
// page it reads; tests feed it pages by hand.
//
// New is decided by uuid, not by time: an alarm that arrives late (received minutes after it
// occurred) lands below newer ones, and a watermark on time would miss it. The look-back is the
// view's first `window` alarms: what an analyst on the first page can see, and more.
import type { AlarmListQuery, AlarmStatus } from "@/lib/alarms/query";
import type { AlarmSummary } from "@/lib/alarms/types";
import type { LiveChange, LiveFresh } from "./types";

/** What the watcher remembers of one row of the last page it read. */
export interface WatchedRow {
  uuid: string;
  status: AlarmStatus | null;
  /** The row's value in the view's sort field (null when the alarm has none). */
  key: number | string | null;
  occurredAt: number | null;
}

export interface WatchMemory {
  rows: WatchedRow[];
  /** The page held `window` rows: more alarms lay beyond it. */
  full: boolean;
}

export interface Observation {
  memory: WatchMemory;
  fresh: LiveFresh[];
  changes: LiveChange[];
  /**
   * Rows that left the page for no reason the page shows (not pushed below it, not out of the
   * time range): their status may have changed out of the view's filter. Ask for them one by one.
   */
  departed: WatchedRow[];
}

type Sort = AlarmListQuery["sort"];

function sortKey(alarm: AlarmSummary, sort: Sort): number | string | null {
  switch (sort.field) {
    case "timestamp_occured":
      return alarm.occurredAt;
    case "timestamp_received":
      return alarm.receivedAt;
    case "priority":
      return alarm.priority;
    case "status":
      return alarm.status;
    case "rule_intent":
      return alarm.rule.intent;
    case "rule_strategy":
      return alarm.rule.strategy;
    case "rule_method":
      return alarm.rule.method;
  }
}

/** Whether `row` sorts strictly after `last`: pushed below the page by what came in above it. */
function sortsAfter(row: WatchedRow, last: WatchedRow, sort: Sort): boolean {
  // Unknown or equal keys: the order between them is the upstream's to choose, so pushed.
  if (row.key === null || last.key === null || row.key === last.key) return true;
  const before = row.key < last.key;
  return sort.direction === "desc" ? before : !before;
}

export function toWatchedRow(alarm: AlarmSummary, sort: Sort): WatchedRow {
  return {
    uuid: alarm.uuid,
    status: alarm.status,
    key: sortKey(alarm, sort),
    occurredAt: alarm.occurredAt,
  };
}

export interface ObserveContext {
  sort: Sort;
  window: number;
  /** The server's clock at this poll. */
  now: number;
  /** The time range's lower bound as this poll read it, if any. */
  occurredGte: number | null;
}

/**
 * Compares a freshly read first page with the memory of the previous one. The first page a
 * watcher reads (no memory) is its baseline: nothing in it is announced.
 */
export function observe(
  previous: WatchMemory | null,
  page: readonly AlarmSummary[],
  { sort, window, now, occurredGte }: ObserveContext,
): Observation {
  const rows = page.slice(0, window).map((alarm) => toWatchedRow(alarm, sort));
  const memory: WatchMemory = { rows, full: rows.length >= window };
  if (!previous) return { memory, fresh: [], changes: [], departed: [] };

  const before = new Map(previous.rows.map((row) => [row.uuid, row]));
  const current = new Set(rows.map((row) => row.uuid));
  const gone = previous.rows.filter((row) => !current.has(row.uuid));
  // When rows left a full page, as many rows move up from below it: those are not new.
  const backfillFrom = previous.full ? rows.length - gone.length : Infinity;

  const fresh: LiveFresh[] = [];
  const changes: LiveChange[] = [];
  page.slice(0, window).forEach((alarm, index) => {
    const was = before.get(alarm.uuid);
    if (!was) {
      if (index < backfillFrom) {
        fresh.push({ uuid: alarm.uuid, seenAt: now, priorityLabel: alarm.priorityLabel });
      }
      return;
    }
    if (was.status !== alarm.status)
      changes.push({ uuid: alarm.uuid, status: alarm.status, at: now });
  });

  const last = rows.at(-1);
  const departed = gone.filter((row) => {
    if (occurredGte !== null && row.occurredAt !== null && row.occurredAt < occurredGte) {
      return false; // aged out of a rolling range
    }
    if (memory.full && last && sortsAfter(row, last, sort)) return false;
    return true;
  });
  return { memory, fresh, changes, departed };
}
