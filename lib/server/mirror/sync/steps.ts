import "server-only";
import { sql, type Kysely } from "kysely";
import { setIndexRows } from "@/lib/server/core/metrics";
import type { Database } from "@/lib/server/db";
import {
  countIndexBucket,
  PageSizeRefused,
  readIndexPage,
  type IndexPage,
  type IndexWindow,
  type UsmClient,
} from "@/lib/server/usm";
import { dropOlderThan, ingestAlarms } from "@/lib/server/mirror/ingest";
import { forgetRecordedWords } from "@/lib/server/mirror/known-words";
import type { RowsNotice } from "@/lib/server/mirror/live-notices";
import { pruneAfterPage } from "@/lib/server/mirror/sync/prune";
import {
  bucketAt,
  BUCKETS,
  indexedCount,
  OLDER_EVERY,
  olderBucketAt,
  olderDays,
  relistOf,
  type Bucket,
} from "@/lib/server/mirror/sync/reconcile";
import type { Sweep, SyncState } from "@/lib/server/mirror/sync/state";
import { halvedSweep, nextSweep, windowOf } from "@/lib/server/mirror/sync/sweep";

// The sync's steps, each one upstream read (a page or a count; a backfill step reads the next page
// ahead too) and what it writes: a page of the newest window (the follow), a page of the past
// (the backfill), a bucket of the reconciliation, and retention (no read). Each returns the state after it, or throws and leaves the state as it
// was: the step is then done again, and what it had written is de-duplicated by uuid. A step that
// changed rows says so to every replica (../live-notices.ts) once they are written.

/** How far before the newest indexed alarm the follow reads again: late arrivals. */
const LOOKBACK_MS = 15 * 60_000;
/** A page size is not halved below this: a failure at this size is the upstream's, not the size's. */
const MIN_PAGE_SIZE = 10;

export type ReadKind = "follow" | "backfill" | "reconcile";

export interface StepContext {
  deployment: string;
  db: Kysely<Database>;
  client: UsmClient;
  retentionMs: number;
  reconcileSpacingMs: number;
  /** Sends one upstream read in a turn of the sync's share, counted under `kind`. */
  read<T>(kind: ReadKind, send: () => Promise<T>): Promise<T>;
  /**
   * Starts reading the page of `window` (in a turn of the share of its own) while the step writes
   * the page before: the backfill's next read is known from its last page alone, so the
   * upstream's time and ours overlap instead of adding up.
   */
  readAhead?(kind: ReadKind, window: IndexWindow): void;
  /** The page of `window` read ahead under `kind`, if it was, else null. */
  takeAhead?(kind: ReadKind, window: IndexWindow): Promise<IndexPage> | null;
  /** Tells every replica the step changed rows (../live-notices.ts); never rejects. */
  notify?(notice: RowsNotice): Promise<void>;
}

/** Tells of `rows` rows of the deployment that `kind` wrote (or deleted) at `at`, if any. */
async function notifyRows(
  context: StepContext,
  kind: RowsNotice["kind"],
  rows: number,
  at: number,
): Promise<void> {
  if (rows === 0) return;
  await context.notify?.({ type: "rows", deployment: context.deployment, kind, rows, at });
}

const occurredOf = (page: IndexPage) => page.alarms.map((alarm) => alarm.summary.occurredAt);

function newestOf(page: IndexPage, before: number | null): number | null {
  const times = occurredOf(page).filter((at): at is number => at !== null);
  return times.length === 0 ? before : Math.max(before ?? -Infinity, ...times);
}

interface SweptPage {
  page: IndexPage;
  /** The sweep as read (its page number doubled for each halving of the size). */
  sweep: Sweep;
  /** The page size that was served: the state remembers it. */
  pageSize: number;
}

/**
 * A page of `sweep`, written to the index. A size the upstream refuses is halved and asked
 * again at once (down to MIN_PAGE_SIZE); only a size that was served is remembered. With
 * `ahead`, the page after it is read while this one is written.
 */
async function sweepPage(
  context: StepContext,
  kind: ReadKind,
  state: SyncState,
  sweep: Sweep,
  now: number,
  ahead = false,
): Promise<SweptPage & { written: number }> {
  let size = state.pageSize;
  let at = sweep;
  for (;;) {
    try {
      const window = windowOf(at, size);
      const page = await (context.takeAhead?.(kind, window) ??
        context.read(kind, () => readIndexPage(window, context.client)));
      const next = ahead && nextSweep(at, occurredOf(page), page.size);
      if (next) context.readAhead?.(kind, windowOf(next, Math.min(size, page.size)));
      const { written } = await ingestAlarms(context.db, context.deployment, page.alarms, now);
      await notifyRows(context, kind, written, now);
      return { page, sweep: at, pageSize: Math.min(size, page.size), written };
    } catch (error) {
      if (!(error instanceof PageSizeRefused)) throw error;
      if (size <= MIN_PAGE_SIZE) throw error.reason;
      size = Math.max(MIN_PAGE_SIZE, Math.floor(size / 2));
      at = halvedSweep(at);
    }
  }
}

/** A page of the newest window, from a look-back before the newest alarm indexed. */
export async function followStep(
  context: StepContext,
  state: SyncState,
  now: number,
): Promise<SyncState> {
  const follow = state.follow ?? {
    sweep: {
      gte: (state.newest ?? now - context.retentionMs) - LOOKBACK_MS,
      lte: null,
      page: 0,
      status: null,
    },
    startedAt: now,
    top: null,
  };
  const { page, sweep, pageSize } = await sweepPage(context, "follow", state, follow.sweep, now);
  const top = newestOf(page, follow.top);
  const next = nextSweep(sweep, occurredOf(page), page.size);
  if (next) {
    return {
      ...state,
      pageSize,
      follow: { ...follow, sweep: next, top },
      followedAt: follow.startedAt,
    };
  }
  const newest = top === null ? state.newest : Math.max(state.newest ?? top, top);
  return {
    ...state,
    pageSize,
    follow: null,
    newest,
    syncedAt: follow.startedAt,
    followedAt: follow.startedAt,
  };
}

/**
 * A page of the past. The first (no upper bound yet) reads the newest alarms: it is the first
 * follow too, and its count is the estimate of the whole. `paceFrom`: this holder's first page.
 */
export async function backfillStep(
  context: StepContext,
  state: SyncState,
  now: number,
  paceFrom: boolean,
): Promise<SyncState> {
  const backfill = state.backfill!;
  const read = await sweepPage(context, "backfill", state, backfill.sweep, now, true);
  const { page, sweep, pageSize, written } = read;
  const first = backfill.sweep.lte === null && backfill.sweep.page === 0;
  const next = nextSweep(sweep, occurredOf(page), page.size);
  const pace = paceFrom || !backfill.pace ? { since: now, from: backfill.indexed } : backfill.pace;
  const after: SyncState = {
    ...state,
    pageSize,
    backfill: next && {
      sweep: next,
      indexed: backfill.indexed + written,
      estimate: backfill.estimate ?? page.totalElements,
      pace,
    },
  };
  if (!next) await maintainIndex(context.db);
  if (!first) return after;
  return { ...after, newest: newestOf(page, state.newest), syncedAt: now, followedAt: now };
}

/**
 * One reconciliation read: a bucket counted (every OLDER_EVERY-th an older day's, ./reconcile.ts),
 * or a page of a bucket that differed. A page of a whole day's listing also removes what the
 * index holds there that the upstream no longer has (./prune.ts).
 */
export async function reconcileStep(
  context: StepContext,
  state: SyncState,
  now: number,
): Promise<SyncState> {
  const { reconcile } = state;
  const dueAt = now + context.reconcileSpacingMs;
  if (reconcile.relist) {
    const read = await sweepPage(context, "reconcile", state, reconcile.relist, now);
    const removed = await pruneAfterPage(context.db, context.deployment, read.sweep, read.page);
    await notifyRows(context, "reconcile", removed, now);
    const relist = nextSweep(read.sweep, occurredOf(read.page), read.page.size);
    return { ...state, pageSize: read.pageSize, reconcile: { ...reconcile, relist, dueAt } };
  }
  const { older } = reconcile;
  if (now >= older.dueAt && olderDays(context.retentionMs) > 0) {
    const after = {
      next: (older.next + 1) % olderDays(context.retentionMs),
      dueAt: now + OLDER_EVERY * context.reconcileSpacingMs,
    };
    const bucket = olderBucketAt(older.next, now, context.retentionMs);
    if (!bucket) return { ...state, reconcile: { ...reconcile, older: after } };
    const relist = await countBucket(context, bucket);
    return { ...state, reconcile: { ...reconcile, relist, older: after, dueAt } };
  }
  const next = (reconcile.next + 1) % BUCKETS;
  const bucket = bucketAt(reconcile.next, now, (state.newest ?? now) - LOOKBACK_MS);
  // Nothing settled in it (today's first minutes): the next bucket, without a read.
  if (!bucket) return { ...state, reconcile: { ...reconcile, next, dueAt: now } };
  const relist = await countBucket(context, bucket);
  return { ...state, reconcile: { ...reconcile, next, relist, dueAt } };
}

/** The upstream's count of `bucket` against the index's: what to re-list, if anything. */
async function countBucket(context: StepContext, bucket: Bucket): Promise<Sweep | null> {
  const upstream = await context.read("reconcile", () => countIndexBucket(bucket, context.client));
  const indexed = await indexedCount(context.db, context.deployment, bucket);
  return relistOf(bucket, upstream, indexed);
}

/**
 * The index's upkeep, when a backfill ends and hourly: PGlite has no autovacuum. ANALYZE gives the
 * planner its statistics (without them it picked plans 60 times slower: a CIDR or a common word,
 * 1.5 s against 25 ms at 200k alarms); VACUUM reclaims the rows that changes replaced and marks
 * settled pages all-visible, so a count of an address or a user reads its index alone (an
 * index-only scan fetches the table's row for every page not marked). Pages already marked are
 * skipped, so after the first pass it reads what changed since the last.
 */
async function maintainIndex(db: Kysely<Database>): Promise<void> {
  // Hourly, the words remembered are asked for again once: a database restored or failed over
  // to a replica may have lost words this process recorded.
  forgetRecordedWords(db);
  // The team's notes too (read, never written here): without their statistics PGlite's planner
  // took a free-text search's notes lookup by deployment, row by row, past their trigram index.
  await sql`
    vacuum (analyze) alarms, alarm_docs, alarm_words_known, alarm_addresses, alarm_entities,
      triage_notes`.execute(db);
}

/** Drops what is older than the retention, counts what is left (a metric), vacuums and analyzes. */
export async function retentionStep(
  context: StepContext,
  state: SyncState,
  now: number,
): Promise<SyncState> {
  const { db, deployment } = context;
  const dropped = await dropOlderThan(db, deployment, now - context.retentionMs);
  await notifyRows(context, "retention", dropped, now);
  const { rows } = await db
    .selectFrom("alarms")
    .select((eb) => eb.fn.countAll<number>().as("rows"))
    .where("deployment", "=", deployment)
    .executeTakeFirstOrThrow();
  setIndexRows(deployment, Number(rows));
  await maintainIndex(db);
  return { ...state, retainedAt: now };
}
