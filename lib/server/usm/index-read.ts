import "server-only";
import type { AlarmStatus } from "@/lib/shared/alarms/query";
import type { AlarmDetail, AlarmSummary } from "@/lib/shared/alarms/types";
import { ApiError } from "@/lib/shared/core/errors";
import { alarmPageFromUpstream } from "./alarms";
import type { UsmClient } from "./client";
import { countAlarms } from "./counts";
import { eventNamesOf, rawTextOf } from "./index-text";
import { upstreamHostScrubber } from "./upstream-host";
import { upstreamStatusOf } from "./transport";
import { ALARMS_PATH, upstreamParams, type UpstreamRead } from "./upstream-query";

// The index's reads (lib/server/mirror/sync), in the budget's index class: after every analyst's
// read, never cached, each in a turn of the sync's share that the worker takes itself
// (client.takeTurn("index", …)), as the live queue's poll does. A page of a time window newest
// first, with what free text searches beyond our summary; a count of a window and status; an
// alarm an analyst read, in the same shape. A page size the upstream will not serve is reported
// as such (PageSizeRefused), so the worker halves it rather than failing.

/** An alarm as the index keeps it: our summary, with what free text also searches. */
export interface IndexedAlarm {
  summary: AlarmSummary;
  /** Its retained events' names. */
  eventNames: string[];
  /** Every other text value of the vendor's alarm, flattened (bounded: ./index-text.ts). */
  rawText: string;
}

/** A read of the index's: newest first between two occurred times (inclusive). */
export interface IndexWindow {
  /** Epoch ms, inclusive. */
  gte: number;
  /** Epoch ms, inclusive; undefined: up to the newest. */
  lte?: number;
  /** Only alarms of this status (a reconciliation's re-listing). */
  status?: AlarmStatus;
  page: number;
  size: number;
}

export interface IndexPage {
  /** Newest first. */
  alarms: IndexedAlarm[];
  /** The window's alarms in all, as the upstream said with this page. */
  totalElements: number;
  /** The page size the upstream says it served (it may serve fewer than were asked for). */
  size: number;
}

/** The upstream would not serve a page this large: the worker halves it and tries again. */
export class PageSizeRefused extends Error {
  override name = "PageSizeRefused";

  constructor(
    readonly size: number,
    /** What the upstream answered, in our error shape (an analyst may read its message). */
    readonly reason: ApiError,
  ) {
    super(`The deployment would not serve pages of ${size} alarms.`, { cause: reason });
  }
}

/**
 * Above this many alarms a page that fails (a 5xx, a timeout) may fail for its size: the real
 * service has been seen to, where no maximum is documented. A refusal (400) is the size's at any.
 */
const LARGE_PAGE = 100;

const INDEX = { budget: "index", analyst: "(index)" } as const;

function refusesSize(error: unknown, size: number): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  const status = upstreamStatusOf(error);
  if (status === 400) return true;
  if (size <= LARGE_PAGE) return false;
  return (status !== undefined && status >= 500) || error.code === "upstream_timeout";
}

/** One page of `window`, newest first; throws PageSizeRefused, or ApiError. */
export async function readIndexPage(window: IndexWindow, client: UsmClient): Promise<IndexPage> {
  const read: UpstreamRead = {
    page: window.page,
    size: window.size,
    sort: { field: "timestamp_occured", direction: "desc" },
    filters: {
      timestamp_occured_gte: window.gte,
      ...(window.lte !== undefined && { timestamp_occured_lte: window.lte }),
      ...(window.status && { status: [window.status] }),
    },
  };
  const { source } = client;
  const scrub = upstreamHostScrubber(source.baseUrl);
  try {
    const answer = await client.read(
      "index-page",
      ALARMS_PATH,
      upstreamParams(read),
      (json) => {
        const page = alarmPageFromUpstream(json, read, source, Date.now());
        const raw = rawAlarmsOf(json);
        return {
          alarms: page.alarms.map((summary, at) => {
            const eventNames = scrub(eventNamesOf(raw[at]));
            return { summary, eventNames, rawText: scrub(rawTextOf(raw[at], summary, eventNames)) };
          }),
          totalElements: page.page.totalElements,
          size: page.page.size > 0 ? Math.min(page.page.size, window.size) : window.size,
        };
      },
      INDEX,
      { ttlMs: 0, refusalIsAnswer: true },
    );
    return answer.value();
  } catch (error) {
    if (refusesSize(error, window.size)) throw new PageSizeRefused(window.size, error);
    throw error;
  }
}

/** The vendor's alarms of a page as they came (already checked by alarmPageFromUpstream). */
function rawAlarmsOf(json: unknown): unknown[] {
  const embedded = (json as { _embedded?: { alarms?: unknown } } | null)?._embedded;
  return Array.isArray(embedded?.alarms) ? embedded.alarms : [];
}

/**
 * How many alarms of `status` (null: of any) occurred between gte and lte (inclusive): a
 * `size=1` read.
 */
export async function countIndexBucket(
  bucket: { gte: number; lte: number; status: AlarmStatus | null },
  client: UsmClient,
): Promise<number> {
  const counted = await countAlarms(
    {
      ...(bucket.status !== null && { status: [bucket.status] }),
      timestamp_occured_gte: bucket.gte,
      timestamp_occured_lte: bucket.lte,
    },
    { ...INDEX, client },
    { budget: "index", ttlMs: 0 },
  );
  return counted.total;
}

/** An alarm an analyst read (its detail), as the index keeps it. */
export function indexedAlarmOf(detail: AlarmDetail): IndexedAlarm {
  const { events, highlights: _highlights, raw, ...summary } = detail;
  void _highlights;
  const eventNames = [
    ...new Set(events.flatMap((event) => (event.name?.trim() ? [event.name.trim()] : []))),
  ];
  // The detail's raw JSON has been scrubbed of the upstream's address already.
  return { summary, eventNames, rawText: rawTextOf(raw, summary, eventNames) };
}
