import "server-only";
import type { Kysely } from "kysely";
import type { LabelStatus, Verdict, VerdictLabels } from "@/lib/shared/triage/types";
import type { Database } from "@/lib/server/db";
import type { AlarmRef, Tx } from "./alarm-row";

// The outbox of USM label write-backs (table label_jobs, migration 0009): what a verdict asks of
// the upstream, queued in the verdict's own transaction so that neither is ever without the
// other, and where each alarm's labels stand. A worker (./label-worker.ts) writes them.
// A job is pending (waiting, or to be tried again, its message saying why), written, or failed
// for good (its message saying why): labelStatusOf reads these states as the detail shows them.

/**
 * Queues what moving the alarm from verdict `before` to `after` (null: open) asks of USM: the
 * label of `after` on, the label of `before` off (when they differ), each replacing what was
 * queued for that label before. Nothing when neither verdict has a label.
 */
export async function queueLabels(
  tx: Tx,
  alarm: AlarmRef,
  labels: VerdictLabels,
  change: { before: Verdict | null; after: Verdict | null },
  requestedBy: string,
  now: number,
): Promise<void> {
  const on = change.after ? labels[change.after] : undefined;
  const off = change.before ? labels[change.before] : undefined;
  const jobs: { label: string; wanted: boolean }[] = [];
  if (off && off !== on) jobs.push({ label: off, wanted: false });
  if (on) jobs.push({ label: on, wanted: true });
  for (const job of jobs) {
    const values = {
      wanted: job.wanted,
      state: "pending",
      attempts: 0,
      due_at: now,
      message: null,
      requested_by: requestedBy,
      updated_at: now,
    };
    // A claim on the job stays: the attempt under way ends first (its outcome is not recorded,
    // the job having changed: ./label-jobs.ts), so an old PUT never lands after a newer DELETE.
    await tx
      .insertInto("label_jobs")
      .values({ deployment: alarm.deployment, uuid: alarm.uuid, label_id: job.label, ...values })
      .onConflict((conflict) =>
        conflict.columns(["deployment", "uuid", "label_id"]).doUpdateSet(values),
      )
      .execute();
  }
}

/**
 * Where the alarm's labels stand: failed when one failed for good (with why), else pending
 * while one is queued, else written when any was, else none.
 */
export async function labelStatusOf(db: Kysely<Database>, alarm: AlarmRef): Promise<LabelStatus> {
  const rows = await db
    .selectFrom("label_jobs")
    .select(["state", "message", "updated_at"])
    .where("deployment", "=", alarm.deployment)
    .where("uuid", "=", alarm.uuid)
    .orderBy("updated_at", "desc")
    .execute();
  const failed = rows.find((row) => row.state === "failed");
  if (failed) return { state: "failed", message: failed.message ?? "The label was not written." };
  const pending = rows.find((row) => row.state === "pending");
  if (pending)
    return pending.message ? { state: "pending", message: pending.message } : { state: "pending" };
  return rows.length > 0 ? { state: "written" } : { state: "none" };
}
