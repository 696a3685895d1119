import "server-only";
import type { Kysely } from "kysely";
import type { IndexStatus } from "@/lib/shared/deployments/index-status";
import type { Database } from "@/lib/server/db";
import { loadStates, type StoredState } from "@/lib/server/mirror/sync/state";

// What a deployment's index state means to an analyst, from the state the sync stored (so every
// replica says the same, not only the one syncing): backfilling (n of about N, the time left),
// following, behind (nothing read successfully for three intervals), failed (why). A single
// failure the next step may well clear is not shouted: the second in a row is.

/** The reason given when the index's own database does not answer. */
export const DATABASE_DOWN = "The index's database cannot be reached; the sync resumes by itself.";

/** Failures in a row before the state says failed (sooner when it is behind as well). */
const FAILURES_SHOWN = 2;
/** Intervals without a successful read before the state says behind. */
const BEHIND_INTERVALS = 3;

const none = { syncedAt: null, backfill: null, reason: null };

/** The status of one stored state (null: nothing stored yet) as of `now`. */
export function statusOf(stored: StoredState | null, now: number, intervalMs: number): IndexStatus {
  const state = stored?.state;
  if (!stored || !state) return { ...none, state: "starting" };
  const { syncedAt, failure, backfill } = state;
  // The backfill reads newest first, each page under the oldest time of the one before.
  const held = backfill ? { heldFrom: backfill.sweep.lte } : {};
  const lastProgress = Math.max(syncedAt ?? 0, backfill ? stored.updatedAt : 0);
  const stale = lastProgress > 0 && now - lastProgress > BEHIND_INTERVALS * intervalMs;
  if (failure && (failure.count >= FAILURES_SHOWN || stale || lastProgress === 0)) {
    return {
      state: "failed",
      syncedAt,
      backfill: backfill && backfillOf(backfill, stored.updatedAt),
      reason: failure.reason,
      ...held,
    };
  }
  if (stale) {
    return {
      state: "behind",
      syncedAt,
      backfill: backfill && backfillOf(backfill, stored.updatedAt),
      reason: failure?.reason ?? null,
      ...held,
    };
  }
  if (backfill) {
    return {
      state: "backfilling",
      syncedAt,
      backfill: backfillOf(backfill, stored.updatedAt),
      reason: null,
      ...held,
    };
  }
  if (syncedAt === null) return { ...none, state: "starting" };
  return { state: "following", syncedAt, backfill: null, reason: null };
}

function backfillOf(
  backfill: NonNullable<NonNullable<StoredState["state"]>["backfill"]>,
  updatedAt: number,
): IndexStatus["backfill"] {
  const { indexed, pace } = backfill;
  const estimate = backfill.estimate === null ? null : Math.max(backfill.estimate, indexed);
  let remainingMs: number | null = null;
  if (estimate !== null && pace && indexed > pace.from && updatedAt > pace.since) {
    remainingMs = Math.round(
      ((estimate - indexed) * (updatedAt - pace.since)) / (indexed - pace.from),
    );
  }
  return { indexed, estimate, remainingMs };
}

/**
 * The status of each of `deployments` as of `now`; every one failed (the database down) when
 * the states cannot be read.
 */
export async function readIndexStatuses(
  db: Kysely<Database>,
  deployments: readonly string[],
  now: number,
  intervalMs: number,
): Promise<Map<string, IndexStatus>> {
  try {
    const stored = await loadStates(db, deployments);
    return new Map(
      deployments.map((key) => [key, statusOf(stored.get(key) ?? null, now, intervalMs)]),
    );
  } catch {
    const down: IndexStatus = { ...none, state: "failed", reason: DATABASE_DOWN };
    return new Map(deployments.map((key) => [key, down]));
  }
}
