import type { AlarmSummary, IndexSource } from "./types";

// What GET /api/d/all/alarms answers: one page of the merged queue. Client-safe (types only).

export interface MergedQueuePage {
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
  /** A search: read from the index, every deployment at once (absent = from each upstream). */
  source?: IndexSource;
  /** A search's matches in all the deployments read, counted up to a cap. */
  matches?: { count: number; isLowerBound: boolean };
}
