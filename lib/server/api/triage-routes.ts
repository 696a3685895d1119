import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import type { AlarmTriage, TriageSummaries } from "@/lib/shared/triage/types";
import type { Analyst } from "@/lib/server/auth/session";
import type { Deployment } from "@/lib/server/deployments/registry";
import {
  CLOSE_BODY_BYTES,
  NOTE_BODY_BYTES,
  TRIAGE_BODY_BYTES,
  acknowledgedInput,
  alarmRefOf,
  closeInput,
  noteIdOf,
  noteInput,
  ownerInput,
  summariesInput,
} from "@/lib/server/triage/input";
import type { TriageCaller, TriageContext } from "@/lib/server/triage/pipeline";
import {
  acknowledgeAlarm,
  assignAlarm,
  closeAlarm,
  deleteAlarmNote,
  editAlarmNote,
  noteAlarm,
  openAlarmTriage,
  reopenAlarm,
  teammatesOf,
  triageSummariesOf,
} from "@/lib/server/triage/service";
import { retryAlarmLabels } from "@/lib/server/triage/label-retry";
import { jsonBody } from "./request-input";

// The request -> answer of an alarm's triage (owner, acknowledgement, notes, history), for the
// console's pages and for automation calling with an analyst's session: the path read and checked
// (the body is the route wrapper's, by the specs below), then one use case of the team's triage (lib/server/triage/service.ts). The
// deployment is the analyst's (deploymentRoute answered 404 otherwise).

export interface TriageInput extends TriageCaller {
  /** The request (a read says whether the opening it records came from the console itself). */
  request?: NextRequest;
}

export type OwnerBody = z.infer<typeof ownerInput>;
export type AcknowledgedBody = z.infer<typeof acknowledgedInput>;
export type NoteBody = z.infer<typeof noteInput>;
export type CloseBody = z.output<typeof closeInput>;

/** The bodies of the triage's writes, as the route wrapper reads them. */
export const OWNER_BODY = jsonBody(ownerInput, TRIAGE_BODY_BYTES);
export const ACKNOWLEDGED_BODY = jsonBody(acknowledgedInput, TRIAGE_BODY_BYTES);
export const NOTE_BODY = jsonBody(noteInput, NOTE_BODY_BYTES);
export const CLOSE_BODY = jsonBody(closeInput, CLOSE_BODY_BYTES);

/** GET …/alarms/{uuid}/triage: the alarm's triage; the analyst's opening is in the audit. */
export async function alarmTriage(
  input: TriageInput,
  uuid: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  const alarm = alarmRefOf(input.deployment, uuid);
  // Another site's link (a top-level navigation carries the cookie) records no opening.
  const fromHere = input.request?.headers.get("sec-fetch-site") !== "cross-site";
  return openAlarmTriage(input, alarm, fromHere, context);
}

/** PUT …/triage/owner {"owner": handle|null, "from"?: handle|null}. */
export async function putOwner(
  input: TriageInput,
  uuid: string,
  body: OwnerBody,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  const alarm = alarmRefOf(input.deployment, uuid);
  return assignAlarm(input, alarm, body, context);
}

/** PUT …/triage/acknowledged {"acknowledged": boolean}. */
export async function putAcknowledged(
  input: TriageInput,
  uuid: string,
  body: AcknowledgedBody,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  const alarm = alarmRefOf(input.deployment, uuid);
  return acknowledgeAlarm(input, alarm, body.acknowledged, context);
}

/** PUT …/triage/closed {"verdict", "reason"?, "duplicateOf"?}: closes the alarm for the team. */
export function putClosed(
  input: TriageInput,
  uuid: string,
  body: CloseBody,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return closeAlarm(input, alarmRefOf(input.deployment, uuid), body, context);
}

/** DELETE …/triage/closed: reopens the alarm for the team. */
export function deleteClosed(
  input: TriageInput,
  uuid: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return reopenAlarm(input, alarmRefOf(input.deployment, uuid), context);
}

/** POST …/triage/label/retry: the verdict's USM label, failed for good, queued again. */
export function postLabelRetry(
  input: TriageInput,
  uuid: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return retryAlarmLabels(input, alarmRefOf(input.deployment, uuid), context);
}

/** POST …/triage/notes {"text": "…"}. */
export async function postNote(
  input: TriageInput,
  uuid: string,
  body: NoteBody,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  const alarm = alarmRefOf(input.deployment, uuid);
  return noteAlarm(input, alarm, body.text, context);
}

/** PATCH …/triage/notes/{id} {"text": "…"}: the author's own, within 15 minutes. */
export async function patchNote(
  input: TriageInput,
  uuid: string,
  id: string,
  body: NoteBody,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  const noteId = noteIdOf(id);
  const alarm = alarmRefOf(input.deployment, uuid);
  return editAlarmNote(input, alarm, noteId, body.text, context);
}

/** DELETE …/triage/notes/{id}: the author's own, within 15 minutes. */
export function removeNote(
  input: TriageInput,
  uuid: string,
  id: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  const noteId = noteIdOf(id);
  return deleteAlarmNote(input, alarmRefOf(input.deployment, uuid), noteId, context);
}

/** GET /api/d/{key}/alarms/triage?uuid=…: what a list page shows of its alarms' triage. */
export async function triageSummaries(
  url: URL,
  deployments: readonly Deployment[],
  context: TriageContext = {},
): Promise<TriageSummaries> {
  return triageSummariesOf(summariesInput(url.searchParams, deployments), context);
}

/** GET /api/d/{key}/teammates: whom an alarm of this deployment may be given to. */
export async function deploymentTeammates(
  deployment: Deployment,
  analyst: Analyst,
  context: TriageContext = {},
): Promise<{ teammates: { handle: string; name: string }[]; me: string }> {
  return teammatesOf(deployment, analyst, context);
}
