import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import {
  countExport,
  exportPage,
  type ExportPosition,
  type ExportView,
} from "@/lib/server/search/export-read";
import type { SortField } from "@/lib/shared/alarms/query";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import type { ExportBatch } from "./pages";

// Every alarm of a view from the console's index (server-only): what the upstream cannot answer
// (a search, several values of a filter, the queue of every deployment), in the list's own
// order, batch by batch in the same shape as the upstream's reads (./pages.ts), so one stream
// (./stream.ts) writes either. Each batch is one short read-only transaction of its own (`read`):
// the count and the first page share the first one's snapshot; later pages read on from the last
// row written (a keyset), so an alarm indexed meanwhile never shifts what is still to be read, and
// the upper time bound frozen at the export's start keeps out whatever occurs after it.
//
// Status and priority change while an export runs: in an order by one of them, an alarm already
// written can move ahead of the position and come again (dropped here by its key); one not yet
// written that moves behind it is not read (it was in the view at the start: the same residue as
// the upstream's reads by page number, docs/features.md "Export").

/** Runs `work` in one short read-only transaction of the index (503 index_unavailable if gone). */
export type IndexRead = <T>(work: (db: Kysely<Database>) => Promise<T>) => Promise<T>;

/**
 * Alarms per read: each read holds PGlite (one statement at a time for everyone) while it runs. Measured once
 * (a test run, not kept in bench/) on PGlite with 100,000 alarms of two deployments: a read of
 * 200 took about what the list's own page of 100 of the same view takes (median 12-260 ms, from
 * filters in the newest-first order to a search sorted by strategy, which no index orders); 500
 * doubled the latter, 100 tripled the whole export's time for it.
 */
const INDEX_EXPORT_PAGE_SIZE = 200;

/** Sort columns the sync rewrites (the volatile fields): an alarm may move in such an order. */
const MOVING: ReadonlySet<SortField> = new Set(["status", "priority"]);

export interface IndexExportOptions {
  read: IndexRead;
  /** The view: its rolling range resolved and its upper bound frozen (timestamp_occured_lte set). */
  view: ExportView;
  /** The export's cap: a search is counted up to it (+ 1). */
  cap: number;
  /** Stops the reads: no read starts after it aborts, and a read under way is dropped. */
  signal: AbortSignal;
  /** Alarms per read; default INDEX_EXPORT_PAGE_SIZE. */
  pageSize?: number;
  /** Called before every read after the first (tests index alarms there). */
  beforeRead?: (reads: number) => Promise<void> | void;
}

/** The view's alarms from the index, batch by batch (one page each), each alarm once. */
export async function* indexExportBatches(
  options: IndexExportOptions,
): AsyncGenerator<ExportBatch> {
  const { read, view, cap, signal, beforeRead } = options;
  const size = options.pageSize ?? INDEX_EXPORT_PAGE_SIZE;
  if (view.query.filters.timestamp_occured_lte === undefined) {
    throw new Error("freeze the export's upper time bound before reading");
  }
  const written = MOVING.has(view.query.sort.field) ? new Set<string>() : null;
  const fresh = (alarms: AlarmSummary[]) => {
    if (!written) return alarms;
    const out = alarms.filter((alarm) => !written.has(`${alarm.deployment}/${alarm.uuid}`));
    for (const alarm of out) written.add(`${alarm.deployment}/${alarm.uuid}`);
    return out;
  };
  let total: number | undefined;
  let after: ExportPosition | null = null;
  for (let reads = 0; ; reads++) {
    signal.throwIfAborted();
    if (reads > 0 && beforeRead) await beforeRead(reads);
    signal.throwIfAborted();
    const known = total;
    const { count, page } = await read(async (db) => ({
      count: known ?? (await countExport(db, view, cap)),
      page: await exportPage(db, view, after, size),
    }));
    signal.throwIfAborted(); // cancelled while it was under way: nothing more is written
    // The first batch says the total even when empty; an empty page after it is the end.
    if (reads > 0 && page.read === 0) return;
    total ??= count;
    yield { alarms: fresh(page.alarms), total };
    if (page.read < size || page.last === null) return;
    after = page.last;
  }
}
