import "server-only";
import type { AlarmTriage } from "@/lib/shared/triage/types";
import type { AlarmRef } from "./alarm-row";
import { retryFailedJobs } from "./label-jobs";
import { labelWorkerWake } from "./label-worker";
import { writeAlarm, type TriageCaller, type TriageContext } from "./pipeline";

// An analyst's Retry of the verdict's USM label after it failed for good (the label id fixed in
// the configuration, the client given write access): the alarm's failed label jobs go back in the
// queue, due now, and the worker is woken. What it comes to is audited and told as any attempt's.
// A deployment whose client was refused (403) stays refused until the console restarts: its jobs
// fail again at once, saying so.

/** Queues the alarm's failed labels again; resolves with its triage (the label pending). */
export function retryAlarmLabels(
  caller: TriageCaller,
  alarm: AlarmRef,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return writeAlarm(caller, alarm, context, async (w) => {
    await retryFailedJobs(w.db, w.alarm, w.now);
  }).finally(labelWorkerWake);
}
