// What changed in a view between two polls of its first page. Pure: the watcher feeds it each
// page it reads; tests feed it pages by hand.
//
// New is decided by uuid, not by time: an alarm that arrives late (received minutes after it
// occurred) lands below newer ones, and a watermark on time would miss it. The look-back is the
// view's first `window` alarms: what an analyst on the first page can see, and more.
//
// A view of several deployments (the index's all-view) tells its rows apart by deployment and
// uuid, and says each one's deployment; a view read from the index may also name rows that are
// not news though they are new to it (`quiet`: what its backfill brought in from the past).
import type { AlarmListQuery, AlarmStatus } from "@/lib/shared/alarms/query";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import type { LiveChange, LiveFresh } from "@/lib/shared/live/types";

/** What a watch reads of each alarm of a page: an AlarmSummary, or the index's narrow row. */
export type WatchedAlarm = Pick<
  AlarmSummary,
  "uuid" | "deployment" | "status" | "priority" | "occurredAt" | "receivedAt"
> & {
  /** As sent: labels are an open set. */
  priorityLabel: string | null;
  rule: Pick<AlarmSummary["rule"], "intent" | "strategy" | "method">;
};

/** What the watcher remembers of one row of the last page it read. */
export interface WatchedRow {
  uuid: string;
  /** Its deployment, in a view of several deployments. */
  deployment?: string;
  status: AlarmStatus | null;
  /** The row's value in the view's sort field (null when the alarm has none). */
  key: number | string | null;
  occurredAt: number | null;
  receivedAt?: number | null;
}

export interface WatchMemory {
  rows: WatchedRow[];
  /** The page held `window` rows: more alarms lay beyond it. */
  full: boolean;
  /**
   * The latest received time on that page, on the upstream's own clock (so no skew between its
   * clock and ours matters): rows received after it arrived since.
   */
  receivedUpTo?: number | null;
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

function sortKey(alarm: WatchedAlarm, sort: Sort): number | string | null {
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

/** -1, 0 or 1 as `a` sorts before, level with (or unknown against) or after `b` in the view. */
function compare(a: WatchedRow, b: WatchedRow, sort: Sort): number {
  if (a.key === null || b.key === null || a.key === b.key) return 0;
  const ascending = a.key < b.key ? -1 : 1;
  return sort.direction === "desc" ? -ascending : ascending;
}

/** Rows received up to this long before the previous page's newest count as arriving since. */
const RECEIVED_MARGIN_MS = 60_000;

function toWatchedRow(alarm: WatchedAlarm, sort: Sort, byDeployment = false): WatchedRow {
  return {
    uuid: alarm.uuid,
    ...(byDeployment && { deployment: alarm.deployment }),
    status: alarm.status,
    key: sortKey(alarm, sort),
    occurredAt: alarm.occurredAt,
    receivedAt: alarm.receivedAt,
  };
}

export interface ObserveContext<A extends WatchedAlarm = WatchedAlarm> {
  sort: Sort;
  window: number;
  /** The server's clock at this poll. */
  now: number;
  /** The time range's lower bound as this poll read it, if any. */
  occurredGte: number | null;
  /** Rows of several deployments: told apart by deployment and uuid, each named with its own. */
  byDeployment?: boolean;
  /** An alarm new to the page that is not news whatever its place (an old one just indexed). */
  quiet?: (alarm: A) => boolean;
}

/** A row's identity in its view. */
const identity = (row: { uuid: string; deployment?: string }, byDeployment: boolean) =>
  byDeployment ? `${row.deployment ?? ""}/${row.uuid}` : row.uuid;

/**
 * Compares a freshly read first page with the memory of the previous one. The first page a
 * watcher reads (no memory) is its baseline: nothing in it is announced.
 */
export function observe<A extends WatchedAlarm>(
  previous: WatchMemory | null,
  page: readonly A[],
  { sort, window, now, occurredGte, byDeployment = false, quiet }: ObserveContext<A>,
): Observation {
  const rows = page.slice(0, window).map((alarm) => toWatchedRow(alarm, sort, byDeployment));
  const received = rows.map((row) => row.receivedAt ?? -Infinity);
  const receivedUpTo = rows.length > 0 ? Math.max(...received) : null;
  const memory: WatchMemory = {
    rows,
    full: rows.length >= window,
    receivedUpTo: Number.isFinite(receivedUpTo) ? receivedUpTo : null,
  };
  if (!previous) return { memory, fresh: [], changes: [], departed: [] };

  const id = (row: { uuid: string; deployment?: string }) => identity(row, byDeployment);
  const before = new Map(previous.rows.map((row) => [id(row), row]));
  const current = new Set(rows.map(id));
  const previousLast = previous.rows.at(-1);
  /**
   * A row the previous page did not hold is new to the view when it sorts above that page's
   * last row (it came in, or its status brought it in), or was received about when the newest
   * alarm of that page was or later (a late arrival lands anywhere). Otherwise it moved up from
   * below a full page: not news.
   */
  const upTo = previous.receivedUpTo;
  const entered = (row: WatchedRow) =>
    !previous.full ||
    !previousLast ||
    compare(row, previousLast, sort) < 0 ||
    (row.receivedAt != null && upTo != null && row.receivedAt > upTo - RECEIVED_MARGIN_MS);

  const fresh: LiveFresh[] = [];
  const changes: LiveChange[] = [];
  let unseen = 0;
  const named = (alarm: WatchedAlarm) => (byDeployment ? { deployment: alarm.deployment } : {});
  page.slice(0, window).forEach((alarm, index) => {
    const was = before.get(id(rows[index]!));
    if (!was) {
      unseen++;
      if (entered(rows[index]!) && !quiet?.(alarm)) {
        const { uuid, priorityLabel } = alarm;
        fresh.push({ uuid, seenAt: now, priorityLabel, ...named(alarm) });
      }
      return;
    }
    if (was.status !== alarm.status) {
      changes.push({ uuid: alarm.uuid, status: alarm.status, at: now, ...named(alarm) });
    }
  });

  // Rows that left: those at the very bottom of the previous page (no row below them stayed),
  // as many as came in, may have been pushed below a full page; the others left for a reason the
  // page does not show and are asked about.
  let pushed = memory.full ? unseen : 0;
  const last = rows.at(-1);
  const departed: WatchedRow[] = [];
  let aboveAStayingRow = false;
  for (const row of [...previous.rows].reverse()) {
    if (current.has(id(row))) {
      aboveAStayingRow = true;
      continue;
    }
    if (occurredGte !== null && row.occurredAt !== null && row.occurredAt < occurredGte) {
      continue; // aged out of a rolling range
    }
    if (!aboveAStayingRow && pushed > 0 && last && compare(row, last, sort) >= 0) {
      pushed--;
      continue;
    }
    departed.push(row);
  }
  return { memory, fresh, changes, departed: departed.reverse() };
}
