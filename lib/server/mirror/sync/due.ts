import type { SyncState } from "@/lib/server/mirror/sync/state";

// Which of the sync's steps (./steps.ts) is due, and when the next is. Pure.

/** How often retention drops what has grown too old. */
const RETENTION_EVERY_MS = 3_600_000;

export type StepName = "follow" | "backfill" | "reconcile" | "retention";

/**
 * The step due for `state` at `now`, or null when none is: the follow every interval (and to
 * its end), the backfill between follows, then reconciliation and retention once it is done.
 */
export function dueStep(state: SyncState, now: number, intervalMs: number): StepName | null {
  if (state.follow) return "follow";
  // Before the backfill's first page (which reads the newest window), there is nothing to follow.
  const followDue =
    state.followedAt === null ? !state.backfill : now >= state.followedAt + intervalMs;
  if (followDue) return "follow";
  if (state.backfill) return "backfill";
  if (now >= state.reconcile.dueAt) return "reconcile";
  if (state.retainedAt === null || now >= state.retainedAt + RETENTION_EVERY_MS) {
    return "retention";
  }
  return null;
}

/** How long until a step is due (0: at once). */
export function nextDueInMs(state: SyncState, now: number, intervalMs: number): number {
  if (state.follow || state.backfill || state.followedAt === null) return 0;
  const dues = [
    state.followedAt + intervalMs,
    state.reconcile.dueAt,
    (state.retainedAt ?? now) + RETENTION_EVERY_MS,
  ];
  return Math.max(0, Math.min(...dues) - now);
}
