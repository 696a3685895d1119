import type { IndexBackfill, IndexState } from "@/lib/shared/deployments/index-status";
import type { AlarmPage, AlarmSummary, IndexSource } from "./types";

// What GET /api/d/all/alarms answers: one page of the queue of every deployment. From the index,
// a numbered page in any order, with its exact count and what the index does not hold yet; where
// the index cannot be reached here (or a link names a place by cursor), a page of the queue paged
// by time, newest first. Client-safe.

/**
 * A deployment whose alarms the index does not hold whole for the view's time range: its alarms
 * there may be missing from the page and its count, and the page says so (never silently).
 */
export interface IndexGap {
  deployment: string;
  state: IndexState;
  /** Its alarms older than this (epoch ms) are not indexed yet (the backfill reads the past). */
  olderThan: number | null;
  /** Its alarms newer than this (epoch ms) are not indexed yet (the sync is behind or failed). */
  newerThan: number | null;
  /** Nothing of it can be trusted here: not indexed yet, or not kept in step on this console. */
  whole: boolean;
  /** Why, in an analyst's words (the sync's failure, the sync off), or null. */
  reason: string | null;
  /** While its backfill runs: how far. */
  backfill: IndexBackfill | null;
}

/** A numbered page of the queue, from the index. */
export interface AllIndexPage extends AlarmPage {
  paging: "pages";
  /** The deployments read, in the configured order. */
  deployments: string[];
  source: IndexSource;
  /** Deployments whose alarms in the view's range the index does not hold whole yet. */
  gaps: IndexGap[];
  /**
   * The oldest time the index keeps alarms from (INDEX_RETENTION_DAYS ago), when the view reaches
   * further back: older alarms a deployment still holds are not in the queue. Null: within it.
   */
  keptFrom: number | null;
}

/** A page of the queue paged by time, newest first (each upstream, or the index by cursor). */
export interface AllCursorPage {
  paging: "cursor";
  /** Newest first; each tagged with its deployment's key. */
  alarms: AlarmSummary[];
  /** The cursor of the next older page, or null at the end. */
  older: string | null;
  /** The cursor of the previous (newer) page, or null on the first page. */
  newer: string | null;
  /** The deployments read, in the configured order. */
  deployments: string[];
  /** Deployments that failed this time: their alarms are missing from this page, not gone. */
  failures: { deployment: string; code: string; message: string }[];
  /** The occurred-time bounds the page was read with (a rolling range resolved at the read). */
  occurred: { gte: number | null; lte: number | null };
  /** When it was read (the server's epoch ms). */
  readAt: number;
  /** Read from the index (a search, by cursor); absent = from each upstream. */
  source?: IndexSource;
  /** A search's matches in all the deployments read, counted up to a cap. */
  matches?: { count: number; isLowerBound: boolean };
  /** Why the index did not answer (from each upstream instead), when it could not here. */
  indexUnavailable?: string;
  /** Read from the index by cursor: the deployments it does not hold whole over the range yet. */
  gaps?: IndexGap[];
}

export type AllListPage = AllIndexPage | AllCursorPage;

/** A page of any list's rows: a deployment's (numbered) or one of several or every deployment. */
export type ListPage = AlarmPage | AllListPage;

/** Whether a list's page is paged by time (several or every deployment, without the index). */
export function isTimePaged(page: ListPage): page is AllCursorPage {
  return "paging" in page && page.paging === "cursor";
}
