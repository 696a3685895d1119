// The pivots API's contract: GET /api/d/{key}/alarms/{uuid}/pivots?<field>=<value>…&<range>
// answers, from the console's index, how many alarms carry each of the detail's values in the
// range, and the newest other alarms sharing its addresses or users. Browser-safe, no zod (the
// route checks its input with zod; lib/server/api/pivot-routes.ts).

import { formatCount } from "@/lib/shared/alarms/format";
import type { PriorityName } from "@/lib/shared/alarms/priority";
import type { AlarmStatus } from "@/lib/shared/alarms/query";
import {
  type PivotField,
  type PivotRange,
  type PivotValue,
  pivotKey,
  pivotRangeParams,
} from "./pivot-link";

/**
 * Counts stop here ("1,000+ alarms"): an exact count of a very common value costs a scan of all
 * its rows, and the list it leads to counts them exactly. At 200,000 alarms on PostgreSQL the
 * eight counts of a detail took 4.5 ms (median) with this cap, 16 ms with 10,000.
 */
export const PIVOT_COUNT_CAP = 1_000;

/** How many related alarms a detail lists. */
export const RELATED_LIMIT = 10;

/** The most values of one field a request may ask about. */
export const MAX_PIVOT_VALUES = 40;

/** The longest value the API takes (the index keeps host and user names up to this). */
export const MAX_PIVOT_VALUE_LENGTH = 512;

export interface PivotCount extends PivotValue {
  /** Alarms in the index carrying the value in the range (this one included); at most the cap. */
  count: number;
  /** More than PIVOT_COUNT_CAP: `count` is the cap. */
  capped: boolean;
}

/** What a related alarm has in common with the detail's alarm. */
export type RelatedField = Extract<PivotField, "ip" | "user">;

export interface RelatedShare {
  field: RelatedField;
  value: string;
}

export interface RelatedAlarm {
  uuid: string;
  /** Epoch ms; null when the upstream gave none. */
  occurredAt: number | null;
  priority: number;
  priorityLabel: PriorityName | null;
  status: AlarmStatus | null;
  strategy: string | null;
  method: string | null;
  /** The detail's addresses and users this alarm also carries. */
  shares: RelatedShare[];
}

export interface SharedCount extends RelatedShare {
  /** Other alarms carrying the value in the range (this one left out); at most the cap. */
  others: number;
  capped: boolean;
}

export interface PivotsAnswer {
  /** The range counted, resolved at the request (epoch ms; null: unbounded on that side). */
  window: { gte: number | null; lte: number | null };
  counts: PivotCount[];
  related: {
    /** Newest first, at most RELATED_LIMIT, never the alarm itself. */
    alarms: RelatedAlarm[];
    /** For each address and user of the alarm: how many other alarms share it. */
    shared: SharedCount[];
  };
}

/** The API's search string for `values` in `range` (values in the order given). */
export function pivotsSearch(values: readonly PivotValue[], range: PivotRange): string {
  const params = new URLSearchParams(pivotRangeParams(range));
  for (const { field, value } of values) params.append(field, value);
  return `?${params}`;
}

/** The answer's counts by pivotKey, for the links to find theirs. */
export function countsByKey(answer: PivotsAnswer): Map<string, PivotCount> {
  return new Map(answer.counts.map((count) => [pivotKey(count), count]));
}

/** "14 alarms", "1 alarm", "10,000+ alarms" (the range is said beside it). */
export function alarmCountText({ count, capped }: { count: number; capped: boolean }): string {
  if (capped) return `${formatCount(count)}+ alarms`;
  return `${formatCount(count)} ${count === 1 ? "alarm" : "alarms"}`;
}
