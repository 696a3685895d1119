import "server-only";
import type { AlarmFilters, AlarmListQuery } from "@/lib/shared/alarms/query";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { ApiError } from "@/lib/shared/core/errors";
import type { SharedStore } from "@/lib/server/store";
import {
  isOwnRefusal,
  isUpstreamBadRequest,
  readExportPage,
  type UsmClient,
} from "@/lib/server/usm";

// Every alarm of a view, a page at a time, in the view's order, each once, through the vendor
// client's export reads (the budget's export class: after every analyst's read, in a gap in them).
//
// Pages shift while an export runs: new alarms arrive at the top, late ones anywhere. For the
// occurred-time sorts (the default and its reverse) the reads go by keyset: each page asks for
// the alarms at or beyond the last time written (inclusive), skipping the uuids already written
// at that very time; a page that is wholly one instant is followed by pages within that instant.
// An arrival therefore never shifts what is still to be read, and nothing is read twice. Other
// sorts can only page by number: an arrival ahead of the read position shifts rows down, so a row
// comes again (dropped here by uuid); an alarm that leaves the view meanwhile (closed, in an
// "open" view) shifts rows up, and the row that moves across a page boundary is missed. That
// residual risk is documented in docs/features.md; the upper time bound is frozen either way, so no
// alarm that occurred after the export's start enters it.

/** Sizes fallen back to, largest first, when the upstream refuses a page size (HTTP 400). */
const FALLBACK_SIZES = [1000, 500, 200, 100, 50, 20, 10];

/**
 * The page sizes an export tries: `first` (EXPORT_PAGE_SIZE), then smaller ones. The upstream
 * documents no maximum and takes 1,000; the default is far smaller on purpose: measured
 * (npm run bench -- export), a 1,000-alarm page (~10 MB of JSON) holds ~200 MB more memory and
 * blocks the event loop long enough to triple an analyst's page time; 50 keeps both near idle.
 */
export function exportPageSizes(first: number): number[] {
  return [first, ...FALLBACK_SIZES.filter((size) => size < first)];
}
/** Transient upstream failures retried per read before the export fails. */
const MAX_RETRIES = 4;
const PAGE_SIZE_TTL_MS = 24 * 3_600_000;

export interface ExportBatch {
  /** Alarms not written before, in the view's order. */
  alarms: AlarmSummary[];
  /** The view's count between its bounds at the first read. */
  total: number;
}

export interface ExportSourceOptions {
  client: UsmClient;
  store: SharedStore;
  /** The view: its rolling range resolved and its upper bound frozen (timestamp_occured_lte set). */
  query: AlarmListQuery;
  /** Stops the reads: no read starts after it aborts, and a read under way is dropped. */
  signal: AbortSignal;
  /** Page sizes to try, largest first. Default exportPageSizes(50). */
  pageSizes?: readonly number[];
  /** Called before every read after the first (tests add alarms there). */
  beforeRead?: (reads: number) => Promise<void> | void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", stop, { once: true });
  });

/** Whether the upstream refused a read as malformed (HTTP 400): a page size it does not take. */
const isRefusedRequest = isUpstreamBadRequest;

function pageSizeKey(client: UsmClient): string {
  return `export:${client.source.deployment}:page-size`;
}

/** The page size this deployment took last (any replica), else the largest to try. */
async function startingSize(options: ExportSourceOptions, sizes: readonly number[]) {
  const remembered = Number(await options.store.get(pageSizeKey(options.client)));
  return sizes.includes(remembered) ? remembered : sizes[0]!;
}

class PageReader {
  #reads = 0;
  #size: number;
  #remembered: number;

  constructor(
    private readonly options: ExportSourceOptions,
    private readonly sizes: readonly number[],
    size: number,
  ) {
    this.#size = size;
    this.#remembered = size;
  }

  get size(): number {
    return this.#size;
  }

  /** One page of `filters` in the view's order; falls back to a smaller size on a 400. */
  async read(
    filters: AlarmFilters,
    page: number,
  ): Promise<{ alarms: AlarmSummary[]; total: number }> {
    const { signal, beforeRead } = this.options;
    if (this.#reads > 0 && beforeRead) await beforeRead(this.#reads);
    for (let attempt = 0; ; attempt++) {
      signal.throwIfAborted();
      try {
        const result = await this.#once(filters, page);
        signal.throwIfAborted(); // cancelled while it was under way: nothing more is written
        this.#reads++;
        if (this.#size !== this.#remembered) {
          this.#remembered = this.#size;
          // A hint for the next export; one that fails to be kept costs a 400 next time.
          await this.options.store
            .set(pageSizeKey(this.options.client), String(this.#size), PAGE_SIZE_TTL_MS)
            .catch(() => undefined);
        }
        return result;
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        const smaller = this.sizes.find((size) => size < this.#size);
        if (isRefusedRequest(error) && smaller !== undefined && page === 0) {
          this.#size = smaller;
          attempt = -1;
          continue;
        }
        if (!(error instanceof ApiError)) throw error;
        // Waited its turn too long behind analysts' reads: it is a background read; wait again.
        if (error.code === "upstream_rate_limited" && isOwnRefusal(error)) {
          await sleep(250, signal);
          continue;
        }
        const transient = ["upstream_rate_limited", "upstream_timeout", "upstream_unavailable"];
        if (!transient.includes(error.code) || attempt >= MAX_RETRIES) throw error;
        await sleep(500 * 2 ** attempt, signal);
      }
    }
  }

  #once(filters: AlarmFilters, page: number) {
    const { client, query } = this.options;
    return readExportPage({ ...query, page, filters }, this.#size, client);
  }
}

/** The view's alarms, batch by batch (one upstream page each), each alarm once. */
export async function* exportBatches(options: ExportSourceOptions): AsyncGenerator<ExportBatch> {
  const sizes = options.pageSizes ?? exportPageSizes(50);
  const reader = new PageReader(options, sizes, await startingSize(options, sizes));
  if (options.query.filters.timestamp_occured_lte === undefined) {
    throw new Error("freeze the export's upper time bound before reading");
  }
  if (options.query.sort.field === "timestamp_occured") yield* byKeyset(options.query, reader);
  else yield* byPageNumber(options.query, reader);
}

async function* byKeyset(query: AlarmListQuery, reader: PageReader): AsyncGenerator<ExportBatch> {
  const base = query.filters;
  const desc = query.sort.direction === "desc";
  const key = desc ? "timestamp_occured_lte" : "timestamp_occured_gte";
  const beyond = (time: number) =>
    desc
      ? base.timestamp_occured_gte !== undefined && time < base.timestamp_occured_gte
      : time > base.timestamp_occured_lte!;
  let cursor = base[key];
  /** The uuids written whose occurred time is the cursor's (the next read returns them again). */
  let atCursor = new Set<string>();
  let total: number | undefined;
  const fresh = (alarms: AlarmSummary[]) => {
    const out = alarms.filter((alarm) => !atCursor.has(alarm.uuid));
    return out;
  };

  for (;;) {
    const page = await reader.read({ ...base, [key]: cursor }, 0);
    total ??= page.total;
    yield { alarms: fresh(page.alarms), total };
    if (page.alarms.length < reader.size) return;
    const last = page.alarms.at(-1)!.occurredAt;
    if (last === null) {
      throw new ApiError(
        "upstream_invalid_response",
        "The deployment sent an alarm without a time.",
      );
    }
    if (last !== cursor) atCursor = new Set();
    for (const alarm of page.alarms) if (alarm.occurredAt === last) atCursor.add(alarm.uuid);
    if (last === cursor) {
      // A whole page at one instant: page through that instant, then go past it.
      const instant = { ...base, timestamp_occured_gte: last, timestamp_occured_lte: last };
      for (let number = 1; ; number++) {
        const within = await reader.read(instant, number);
        const out = fresh(within.alarms);
        for (const alarm of out) atCursor.add(alarm.uuid);
        yield { alarms: out, total };
        if (within.alarms.length < reader.size) break;
      }
      atCursor = new Set();
      cursor = desc ? last - 1 : last + 1;
      if (beyond(cursor)) return;
    } else {
      cursor = last;
    }
  }
}

async function* byPageNumber(
  query: AlarmListQuery,
  reader: PageReader,
): AsyncGenerator<ExportBatch> {
  const written = new Set<string>();
  let total: number | undefined;
  for (let number = 0; ; number++) {
    const page = await reader.read(query.filters, number);
    total ??= page.total;
    const out = page.alarms.filter((alarm) => !written.has(alarm.uuid));
    for (const alarm of out) written.add(alarm.uuid);
    yield { alarms: out, total };
    if (page.alarms.length < reader.size) return;
  }
}
