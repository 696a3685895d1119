import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import type { Verdict, VerdictLabels } from "@/lib/shared/triage/types";
import {
  audit,
  handleOfId,
  inTransaction,
  lockAlarm,
  updateAlarm,
  type Actor,
  type AlarmRef,
  type Tx,
} from "./alarm-row";
import { queueLabels } from "./label-queue";
import type { BulkOutcome } from "./triage";

// The team's verdict on an alarm (issue 37): closing says what the alarm was and why, and
// acknowledges it (a closed alarm was seen); reopening takes the verdict back and leaves the
// acknowledgement. Each runs in the transaction that locks the alarm's row, with its audit rows
// and, where the deployment maps the verdict to a USM label, the label's write-back queued
// (./label-queue.ts): the verdict is the team's record whatever the upstream does later.

export interface Closing {
  verdict: Verdict;
  /** Trimmed; empty when none was given. */
  reason: string;
  /** The alarm it duplicates (verdict "duplicate" only), lower-cased. */
  duplicateOf: string | null;
}

/** What a close or reopen did: whether anything changed, and the verdict before it. */
export interface VerdictWrite {
  changed: boolean;
  /** Whether the close acknowledged the alarm too. */
  acknowledged: boolean;
  before: Verdict | null;
}

type Row = Awaited<ReturnType<typeof lockAlarm>>;

async function closedOf(tx: Tx, row: Row) {
  if (row.closed_at === null || row.verdict === null) return null;
  return {
    by: await handleOfId(tx, row.closed_by),
    verdict: row.verdict as Verdict,
    reason: row.close_reason ?? "",
    duplicateOf: row.duplicate_of,
  };
}

/**
 * Closes the alarm with `closing` (a new verdict or reason on a closed alarm replaces the old
 * one, in the audit as a close of its own); the same verdict and reason again change nothing.
 */
export function closeAlarmRow(
  db: Kysely<Database>,
  alarm: AlarmRef,
  actor: Actor,
  closing: Closing,
  labels: VerdictLabels,
  now: number,
): Promise<VerdictWrite> {
  return inTransaction(db, async (tx) => {
    const row = await lockAlarm(tx, alarm, now);
    const before = row.verdict as Verdict | null;
    if (
      row.closed_at !== null &&
      before === closing.verdict &&
      (row.close_reason ?? "") === closing.reason &&
      row.duplicate_of === closing.duplicateOf
    ) {
      return { changed: false, acknowledged: false, before };
    }
    const acknowledging = row.acknowledged_at === null;
    await updateAlarm(tx, alarm, {
      closed_by: actor.id,
      closed_at: now,
      verdict: closing.verdict,
      close_reason: closing.reason,
      duplicate_of: closing.duplicateOf,
      ...(acknowledging && { acknowledged_by: actor.id, acknowledged_at: now }),
      updated_at: now,
    });
    if (acknowledging) {
      await audit(
        tx,
        alarm,
        actor,
        "acknowledged",
        { acknowledged: false },
        { acknowledged: true },
        now,
      );
    }
    await audit(tx, alarm, actor, "closed", { closed: await closedOf(tx, row) }, closing, now);
    // A new reason for the same verdict asks nothing new of USM.
    if (row.closed_at === null || before !== closing.verdict) {
      await queueLabels(tx, alarm, labels, { before, after: closing.verdict }, actor.id, now);
    }
    return { changed: true, acknowledged: acknowledging, before };
  });
}

/** Reopens the alarm for the team: its verdict taken back (and its USM label with it). */
export function reopenAlarmRow(
  db: Kysely<Database>,
  alarm: AlarmRef,
  actor: Actor,
  labels: VerdictLabels,
  now: number,
): Promise<VerdictWrite> {
  return inTransaction(db, async (tx) => {
    const row = await lockAlarm(tx, alarm, now);
    const before = row.verdict as Verdict | null;
    if (row.closed_at === null) return { changed: false, acknowledged: false, before };
    await updateAlarm(tx, alarm, {
      closed_by: null,
      closed_at: null,
      verdict: null,
      close_reason: null,
      duplicate_of: null,
      updated_at: now,
    });
    await audit(tx, alarm, actor, "reopened", { closed: await closedOf(tx, row) }, null, now);
    await queueLabels(tx, alarm, labels, { before, after: null }, actor.id, now);
    return { changed: true, acknowledged: false, before };
  });
}

/**
 * A bulk close or reopen of one alarm, never acting on a teammate's: an alarm another analyst
 * owns is left to them, and so is one they closed (a bulk close never turns their true positive
 * into a false positive, nor does a bulk reopen undo their close).
 */
export async function bulkVerdict(
  db: Kysely<Database>,
  alarm: AlarmRef,
  actor: Actor,
  closing: Closing | null,
  labels: VerdictLabels,
  now: number,
): Promise<BulkOutcome> {
  return inTransaction(db, async (tx) => {
    const row = await lockAlarm(tx, alarm, now);
    if (row.owner_id !== null && row.owner_id !== actor.id) return "owned_by_another";
    if (row.closed_at !== null && row.closed_by !== actor.id) return "closed_by_another";
    const done = closing
      ? await closeAlarmRow(tx, alarm, actor, closing, labels, now)
      : await reopenAlarmRow(tx, alarm, actor, labels, now);
    return done.changed ? "done" : "unchanged";
  });
}
