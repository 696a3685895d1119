import "server-only";
import type { Kysely } from "kysely";
import type { AlarmTriage, Verdict, VerdictLabels } from "@/lib/shared/triage/types";
import type { Database } from "@/lib/server/db";
import { inTransaction, type AlarmRef } from "./alarm-row";
import { retryFailedJobs } from "./label-jobs";
import { queueLabels } from "./label-queue";
import { labelWorkerWake } from "./label-worker";
import { writeAlarm, type TriageCaller, type TriageContext } from "./pipeline";

// An analyst's Retry of the verdict's USM label after it failed for good (the label id fixed in
// the configuration, the client given write access): the alarm's failed label jobs go back in the
// queue, due now, and the worker is woken. What it comes to is audited and told as any attempt's.
// A label the configuration names no more (the operator replaced a wrong id, as the failure asked)
// is let go rather than tried again for ever, and the label the verdict maps to now is queued in
// its place. A deployment whose client was refused (403) stays refused until the console
// restarts: its jobs fail again at once, saying so.

/** Queues the alarm's failed labels again; resolves with its triage (the label pending). */
export function retryAlarmLabels(
  caller: TriageCaller,
  alarm: AlarmRef,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return writeAlarm(caller, alarm, context, async (w) => {
    await retryLabels(w.db, w.alarm, caller.deployment.config.labels, w.actor.id, w.now);
  }).finally(labelWorkerWake);
}

function retryLabels(
  db: Kysely<Database>,
  alarm: AlarmRef,
  labels: VerdictLabels,
  requestedBy: string,
  now: number,
): Promise<void> {
  return inTransaction(db, async (tx) => {
    const named = new Set(Object.values(labels));
    const failed = await tx
      .selectFrom("label_jobs")
      .select("label_id")
      .where("deployment", "=", alarm.deployment)
      .where("uuid", "=", alarm.uuid)
      .where("state", "=", "failed")
      .execute();
    const unnamed = failed.map((job) => job.label_id).filter((label) => !named.has(label));
    if (unnamed.length > 0) {
      await tx
        .deleteFrom("label_jobs")
        .where("deployment", "=", alarm.deployment)
        .where("uuid", "=", alarm.uuid)
        .where("label_id", "in", unnamed)
        .execute();
    }
    await retryFailedJobs(tx, alarm, now);
    // The verdict's label as the configuration names it now, when nothing is queued for it.
    const row = await tx
      .selectFrom("triage_alarms")
      .select(["verdict", "closed_at"])
      .where("deployment", "=", alarm.deployment)
      .where("uuid", "=", alarm.uuid)
      .executeTakeFirst();
    const verdict = row?.closed_at != null ? (row.verdict as Verdict | null) : null;
    const label = verdict ? labels[verdict] : undefined;
    if (!verdict || !label) return;
    const queued = await tx
      .selectFrom("label_jobs")
      .select("label_id")
      .where("deployment", "=", alarm.deployment)
      .where("uuid", "=", alarm.uuid)
      .where("label_id", "=", label)
      .executeTakeFirst();
    if (!queued)
      await queueLabels(tx, alarm, labels, { before: null, after: verdict }, requestedBy, now);
  });
}
