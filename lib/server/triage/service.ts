import "server-only";
import { ApiError } from "@/lib/shared/core/errors";
import type { AlarmTriage, TriageSummaries } from "@/lib/shared/triage/types";
import type { Analyst } from "@/lib/server/auth/session";
import type { Deployment } from "@/lib/server/deployments/registry";
import type { AlarmRef } from "./alarm-row";
import { analystByHandle, handleOf, knownMayAccess, recordAnalyst, teammates } from "./analysts";
import {
  actorOf,
  checkAlarm,
  nowOf,
  withDb,
  writeAlarm,
  type TriageCaller,
  type TriageContext,
} from "./pipeline";
import { readSummaries, readTriage, recordOpened } from "./read";
import { addNote, deleteNote, editNote, setAcknowledged, setOwner } from "./triage";
import { closeAlarmRow, reopenAlarmRow, type Closing } from "./verdicts";
import { labelWorkerWake } from "./label-worker";

// The team's triage of one alarm, one function per use case (the console's pages and automation
// calling with an analyst's session ask through lib/server/api/triage-routes.ts): what the
// analyst may do is checked here, each write goes the pipeline's way (./pipeline.ts), and what
// the caller is answered is the alarm's triage after it.

/** The alarm's triage; the analyst's opening is in the audit unless `recordOpening` is false. */
export function openAlarmTriage(
  caller: TriageCaller,
  alarm: AlarmRef,
  recordOpening: boolean,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  const now = nowOf(context);
  return withDb(context, async (db) => {
    await checkAlarm(db, alarm, caller.call);
    if (recordOpening) {
      await recordAnalyst(db, caller.analyst, now);
      await recordOpened(db, alarm, actorOf(caller.analyst), now);
    }
    return readTriage(db, alarm);
  });
}

/**
 * Gives the alarm to a teammate who may see its deployment (`owner`, a handle), or releases it
 * (null); with `from`, only while the owner is still that one (a take that must not steal).
 */
export function assignAlarm(
  caller: TriageCaller,
  alarm: AlarmRef,
  change: { owner: string | null; from?: string | null },
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return writeAlarm(caller, alarm, context, async (w) => {
    let owner = null;
    if (change.owner !== null) {
      owner = await analystByHandle(w.db, change.owner);
      if (!owner || !knownMayAccess(caller.deployment.config, owner)) {
        throw new ApiError(
          "invalid_request",
          `No teammate named "${change.owner}" may see this deployment.`,
          { param: "owner" },
        );
      }
    }
    const done = await setOwner(w.db, w.alarm, w.actor, owner, w.now, change.from);
    if (done.changed) await w.tell({ action: "owner", owner: owner?.handle ?? null });
  });
}

/** Marks the alarm as seen and triaged by the analyst, or takes the mark back. */
export function acknowledgeAlarm(
  caller: TriageCaller,
  alarm: AlarmRef,
  acknowledged: boolean,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return writeAlarm(caller, alarm, context, async (w) => {
    const done = await setAcknowledged(w.db, w.alarm, w.actor, acknowledged, w.now);
    if (done.changed) await w.tell({ action: "acknowledged", acknowledged });
  });
}

/**
 * Closes the alarm with a verdict and a reason (acknowledging it); a duplicate names another
 * alarm of the deployment that the index or the upstream knows. The verdict's USM label, where
 * the deployment maps one, is queued for writing back.
 */
export function closeAlarm(
  caller: TriageCaller,
  alarm: AlarmRef,
  closing: Closing,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return writeAlarm(caller, alarm, context, async (w) => {
    if (closing.duplicateOf !== null) await checkOriginal(caller, w.db, alarm, closing.duplicateOf);
    const labels = caller.deployment.config.labels;
    const done = await closeAlarmRow(w.db, w.alarm, w.actor, closing, labels, w.now);
    if (done.changed) await w.tell({ action: "closed", verdict: closing.verdict });
  }).finally(labelWorkerWake);
}

/** The alarm a duplicate names: another one, known; else 400 naming duplicateOf. */
async function checkOriginal(
  caller: TriageCaller,
  db: Parameters<typeof checkAlarm>[0],
  alarm: AlarmRef,
  uuid: string,
): Promise<void> {
  const refuse = (message: string) =>
    new ApiError("invalid_request", message, { param: "duplicateOf" });
  if (uuid === alarm.uuid) throw refuse("An alarm cannot duplicate itself.");
  try {
    await checkAlarm(db, { deployment: alarm.deployment, uuid }, caller.call);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") {
      throw refuse(`There is no alarm ${uuid} on this deployment to duplicate.`);
    }
    throw error;
  }
}

/** Reopens the alarm for the team: its verdict (and its USM label) taken back. */
export function reopenAlarm(
  caller: TriageCaller,
  alarm: AlarmRef,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return writeAlarm(caller, alarm, context, async (w) => {
    const labels = caller.deployment.config.labels;
    const done = await reopenAlarmRow(w.db, w.alarm, w.actor, labels, w.now);
    if (done.changed) await w.tell({ action: "reopened", verdict: null });
  }).finally(labelWorkerWake);
}

/** Adds the analyst's note to the alarm. */
export function noteAlarm(
  caller: TriageCaller,
  alarm: AlarmRef,
  text: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return writeAlarm(caller, alarm, context, async (w) => {
    await addNote(w.db, w.alarm, w.actor, text, w.now);
    await w.tell({ action: "note_added" });
  });
}

/** Edits the analyst's own note, within 15 minutes of writing it. */
export function editAlarmNote(
  caller: TriageCaller,
  alarm: AlarmRef,
  noteId: string,
  text: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return writeAlarm(caller, alarm, context, async (w) => {
    const done = await editNote(w.db, w.alarm, w.actor, noteId, text, w.now);
    if (done.changed) await w.tell({ action: "note_edited" });
  });
}

/** Deletes the analyst's own note, within 15 minutes of writing it. */
export function deleteAlarmNote(
  caller: TriageCaller,
  alarm: AlarmRef,
  noteId: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return writeAlarm(caller, alarm, context, async (w) => {
    await deleteNote(w.db, w.alarm, w.actor, noteId, w.now);
    await w.tell({ action: "note_deleted" });
  });
}

/** What a list page shows of its alarms' triage. */
export function triageSummariesOf(
  alarms: readonly AlarmRef[],
  context: TriageContext = {},
): Promise<TriageSummaries> {
  return withDb(context, (db) => readSummaries(db, alarms));
}

/** Whom an alarm of `deployment` may be given to, and the analyst's own handle. */
export function teammatesOf(
  deployment: Deployment,
  analyst: Analyst,
  context: TriageContext = {},
): Promise<{ teammates: { handle: string; name: string }[]; me: string }> {
  const now = nowOf(context);
  return withDb(context, async (db) => {
    await recordAnalyst(db, analyst, now);
    return { teammates: await teammates(db, deployment.config), me: handleOf(analyst) };
  });
}
