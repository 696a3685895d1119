import "server-only";
import type { Kysely } from "kysely";
import { ApiError } from "@/lib/shared/core/errors";
import { withStatementLimit, type Database } from "@/lib/server/db";
import { countExport, exportPage, type ExportView } from "@/lib/server/search/export-read";
import { indexGaps } from "@/lib/server/mirror/gaps";
import { SEARCH_STATEMENT_TIMEOUT_MS } from "@/lib/server/search/read-index";
import { readable } from "@/lib/server/search/search-where";
import { indexStatuses } from "@/lib/server/mirror/sync";
import { amongAlarms, type AlarmRef } from "./alarm-row";

// Which alarms a bulk action reaches: every alarm of a view, counted first with its range frozen
// and acted on only when the analyst confirmed that count (Elastic once closed every open alarm
// of a rule because "select all" ignored the time range: kibana#82004); or the rows chosen that
// the index holds. The view's reads have the limit of an analyst's search (PostgreSQL's own, and
// PGlite's thread's): a view too costly to count is refused with how to narrow it, never a hang.

/** Alarms one bulk action reaches at most: a view larger than this is narrowed first. */
const BULK_MAX = 5_000;
const PAGE = 200;

/** `read` with each statement limited as an analyst's search is. */
const limited = <T>(read: () => Promise<T>) =>
  withStatementLimit(SEARCH_STATEMENT_TIMEOUT_MS, read);

function boundsOf(view: ExportView) {
  return {
    gte: view.query.filters.timestamp_occured_gte ?? null,
    lte: view.query.filters.timestamp_occured_lte ?? null,
  };
}

/** The view's count (up to just past BULK_MAX), and the deployments the index lacks of it. */
export async function countView(
  db: Kysely<Database>,
  view: ExportView,
): Promise<{ count: number; missing: string[] }> {
  const count = await limited(() => countExport(db, view, BULK_MAX));
  const keys = readable(view);
  const gaps = indexGaps(keys, await indexStatuses(keys), boundsOf(view));
  return { count, missing: gaps.map((gap) => gap.deployment) };
}

/** Refuses to act on a view not counted and frozen first, or holding another count now. */
export function confirmView(
  asked: { rolling: boolean; expect?: number | undefined },
  count: number,
): void {
  if (asked.rolling) {
    throw new ApiError(
      "invalid_request",
      "Count the view first (dryRun), then confirm the view it answers: its range is frozen.",
      { param: "view" },
    );
  }
  if (asked.expect !== count) {
    throw new ApiError(
      "conflict",
      `The view now holds ${count.toLocaleString("en")} alarms, not ${String(asked.expect ?? "an unconfirmed count")}: confirm again.`,
      { param: "expect" },
    );
  }
  if (count > BULK_MAX) {
    throw new ApiError(
      "invalid_request",
      `A bulk action reaches at most ${BULK_MAX.toLocaleString("en")} alarms; narrow the view.`,
      { param: "view" },
    );
  }
}

/** The view's first `count` alarms: one the backfill brought into the frozen range since is not. */
export async function viewAlarms(
  db: Kysely<Database>,
  view: ExportView,
  count: number,
): Promise<AlarmRef[]> {
  const alarms = await limited(async () => {
    const read: AlarmRef[] = [];
    let after = null;
    for (;;) {
      const page = await exportPage(db, view, after, PAGE);
      for (const alarm of page.alarms) {
        read.push({ deployment: alarm.deployment, uuid: alarm.uuid.toLowerCase() });
      }
      if (page.read < PAGE || page.last === null || read.length > BULK_MAX) return read;
      after = page.last;
    }
  });
  return alarms.slice(0, count);
}

/** The chosen alarms the index holds (a row the index has not caught up with is skipped). */
export async function indexed(
  db: Kysely<Database>,
  alarms: readonly AlarmRef[],
): Promise<AlarmRef[]> {
  if (alarms.length === 0) return [];
  const rows = await db
    .selectFrom("alarms")
    .select(["deployment", "uuid"])
    .where(amongAlarms(alarms))
    .execute();
  return rows;
}
