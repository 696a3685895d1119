import "server-only";
import type { Kysely } from "kysely";
import { STATUSES, type AlarmStatus } from "@/lib/shared/alarms/query";
import type { Database } from "@/lib/server/db";
import type { Sweep } from "@/lib/server/mirror/sync/state";

// Statuses change upstream with no "modified since" to ask for: the sync compares the upstream's
// count of each day and status (a `size=1` read) with the index's own, over the last days, one
// bucket at a time, and re-lists only a bucket that differs. Each day's count of every alarm is
// a bucket too: it finds what arrived too late for the follow, alarms without a status included. The alarms the follow reads again
// anyway (its look-back) are left out of the buckets, so new arrivals do not count as changes.

/** Days counted, today included. */
const RECONCILE_DAYS = 7;
/**
 * The days before those, to the retention's start, are counted whole (one read a day, no status)
 * every this many reconciliation reads: alarms the upstream no longer has are found there too
 * (a day that counts more in the index is re-listed, and what the listing lacks removed).
 */
export const OLDER_EVERY = 6;
/**
 * One reconciliation read (a count, or a page of a bucket being re-listed) every this long:
 * about 0.1 GET/s per deployment, whatever the interval of the follow.
 */
export const RECONCILE_SPACING_MS = 10_000;
const DAY_MS = 86_400_000;

export interface Bucket {
  /** Epoch ms, inclusive. */
  gte: number;
  /** Epoch ms, inclusive. */
  lte: number;
  /** null: every alarm of the day. */
  status: AlarmStatus | null;
}

/** A day's buckets: each status, then every alarm. */
const PER_DAY = [...STATUSES, null] as const;

/** The buckets of a full pass: today's, then yesterday's, … (UTC days). */
export const BUCKETS = RECONCILE_DAYS * PER_DAY.length;

/**
 * Bucket `index` of a pass as of `now`, its upper bound at `settledBefore` at most (what the
 * follow has not read again lately); null when the bucket holds no settled time at all.
 */
export function bucketAt(index: number, now: number, settledBefore: number): Bucket | null {
  const day = Math.floor(index / PER_DAY.length) % RECONCILE_DAYS;
  const status = PER_DAY[index % PER_DAY.length]!;
  const gte = Math.floor(now / DAY_MS) * DAY_MS - day * DAY_MS;
  const lte = Math.min(gte + DAY_MS - 1, settledBefore);
  return lte < gte ? null : { gte, lte, status };
}

/** How many older days (before RECONCILE_DAYS) the retention reaches, the oldest partial day too. */
export function olderDays(retentionMs: number): number {
  return Math.max(0, Math.ceil(retentionMs / DAY_MS) + 1 - RECONCILE_DAYS);
}

/**
 * Older day `index` as of `now` (0: the day before the last RECONCILE_DAYS), every alarm of it
 * within the retention; null when the retention does not reach it.
 */
export function olderBucketAt(index: number, now: number, retentionMs: number): Bucket | null {
  const day = RECONCILE_DAYS + (index % Math.max(1, olderDays(retentionMs)));
  const start = Math.floor(now / DAY_MS) * DAY_MS - day * DAY_MS;
  const gte = Math.max(start, now - retentionMs);
  const lte = start + DAY_MS - 1;
  return lte < gte ? null : { gte, lte, status: null };
}

/** The index's count of a bucket (the alarms_status index answers it). */
export async function indexedCount(
  db: Kysely<Database>,
  deployment: string,
  bucket: Bucket,
): Promise<number> {
  let query = db
    .selectFrom("alarms")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("deployment", "=", deployment);
  if (bucket.status !== null) query = query.where("status", "=", bucket.status);
  const row = await query
    .where("occurred_at", ">=", bucket.gte)
    .where("occurred_at", "<=", bucket.lte)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * What to re-list when the counts differ: the bucket's status when the upstream has more of it
 * (its alarms came from another status, and re-reading them fixes both), else the whole day
 * (alarms left this status for one the pass has not reached, or the day's count differs).
 */
export function relistOf(bucket: Bucket, upstream: number, indexed: number): Sweep | null {
  if (upstream === indexed) return null;
  return {
    gte: bucket.gte,
    lte: bucket.lte,
    page: 0,
    status: upstream > indexed ? bucket.status : null,
  };
}
