import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/shared/core/errors";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import { CLOSE_REASON_MAX_CHARS, NOTE_MAX_CHARS, VERDICTS } from "@/lib/shared/triage/types";
import type { Deployment } from "@/lib/server/deployments/registry";
import type { AlarmRef } from "./alarm-row";

// What the triage API accepts, checked before anything is read or written: strict bodies (an
// unknown field is refused, not ignored), bounded sizes, and text the database can hold.

/** A body of owner or acknowledgement: a few dozen bytes; anything near this is not one. */
export const TRIAGE_BODY_BYTES = 4_096;
/** A note's body: its text at most 10,000 characters, each up to 6 bytes as JSON escapes it. */
export const NOTE_BODY_BYTES = NOTE_MAX_CHARS * 6 + 1_024;
/** Alarms a list asks the triage of at once: a page of the largest size. */
const MAX_SUMMARIES = 200;

const handle = z.string().trim().min(1).max(320);

export const ownerInput = z
  .object({
    /** The new owner's handle, or null to release the alarm. */
    owner: handle.nullable(),
    /** Only while the owner is still this one (null: nobody): a take that must not steal. */
    from: handle.nullable().optional(),
  })
  .strict();

export const acknowledgedInput = z.object({ acknowledged: z.boolean() }).strict();

/**
 * A note: plain text (shown as text, never as HTML), at most NOTE_MAX_CHARS, not blank. A NUL,
 * which PostgreSQL's text cannot hold, is refused; a lone surrogate becomes U+FFFD.
 */
export const noteInput = z
  .object({
    text: z
      .string()
      .max(
        NOTE_MAX_CHARS,
        `A note holds at most ${NOTE_MAX_CHARS.toLocaleString("en")} characters.`,
      )
      .refine((text) => text.trim().length > 0, "A note cannot be empty.")
      .refine((text) => !text.includes("\u0000"), "A note cannot hold a NUL character.")
      .transform((text) => text.toWellFormed()),
  })
  .strict();

/**
 * A close: the verdict, a short reason (plain text, at most CLOSE_REASON_MAX_CHARS, no NUL;
 * trimmed, empty when none is given) and, for a duplicate only and then required, the alarm it
 * duplicates.
 */
export const closeInput = z
  .object({
    verdict: z.enum(VERDICTS, { error: `The verdict is one of ${VERDICTS.join(", ")}.` }),
    reason: z
      .string({ error: "The reason is text." })
      .max(
        CLOSE_REASON_MAX_CHARS,
        `A reason holds at most ${CLOSE_REASON_MAX_CHARS.toLocaleString("en")} characters.`,
      )
      .refine((text) => !text.includes("\u0000"), "A reason cannot hold a NUL character.")
      .transform((text) => text.trim().toWellFormed())
      .optional(),
    duplicateOf: z
      .string({ error: "duplicateOf names an alarm by its uuid." })
      .refine(isAlarmUuid, "duplicateOf names an alarm by its uuid.")
      .transform((uuid) => uuid.toLowerCase())
      .optional(),
  })
  .strict()
  .superRefine((close, ctx) => {
    if (close.verdict === "duplicate" && close.duplicateOf === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["duplicateOf"],
        message: "A duplicate names the alarm it duplicates (duplicateOf).",
      });
    }
    if (close.verdict !== "duplicate" && close.duplicateOf !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["duplicateOf"],
        message: "Only a duplicate names another alarm (duplicateOf).",
      });
    }
  })
  .transform((close) => ({
    verdict: close.verdict,
    reason: close.reason ?? "",
    duplicateOf: close.duplicateOf ?? null,
  }));

/** A close's body: its reason at most 2,000 characters, each up to 6 bytes as JSON escapes it. */
export const CLOSE_BODY_BYTES = CLOSE_REASON_MAX_CHARS * 6 + 1_024;

const NOTE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The alarm a path names on the analyst's deployment; 404 for anything that cannot be one. */
export function alarmRefOf(deployment: Deployment, uuid: string): AlarmRef {
  if (!isAlarmUuid(uuid)) throw new ApiError("not_found", "There is no such alarm.");
  return { deployment: deployment.key, uuid: uuid.toLowerCase() };
}

/** A note id from the path; 404 for anything that cannot be one. */
export function noteIdOf(id: string): string {
  if (!NOTE_ID.test(id)) throw new ApiError("not_found", "There is no such note on this alarm.");
  return id.toLowerCase();
}

/**
 * The alarms a list asks about: `alarm=<deployment>:<uuid>` (any of `deployments`) or, on one
 * deployment's route, `uuid=<uuid>`. An alarm of another deployment is 404, as its list would be.
 */
export function summariesInput(
  params: URLSearchParams,
  deployments: readonly Deployment[],
): AlarmRef[] {
  const keys = new Set(deployments.map((deployment) => deployment.key));
  const alarms: AlarmRef[] = [];
  const only = deployments.length === 1 ? deployments[0]!.key : null;
  for (const uuid of params.getAll("uuid")) {
    if (!only)
      throw new ApiError("invalid_request", "Name each alarm as alarm=<deployment>:<uuid>.", {
        param: "uuid",
      });
    alarms.push({ deployment: only, uuid });
  }
  for (const value of params.getAll("alarm")) {
    const at = value.indexOf(":");
    const deployment = value.slice(0, at);
    if (at < 0 || !keys.has(deployment)) {
      throw new ApiError("not_found", "There is no such deployment.", { param: "alarm" });
    }
    alarms.push({ deployment, uuid: value.slice(at + 1) });
  }
  if (alarms.length > MAX_SUMMARIES) {
    throw new ApiError("invalid_request", `Ask for at most ${MAX_SUMMARIES} alarms at once.`, {
      param: "alarm",
    });
  }
  for (const alarm of alarms) {
    if (!isAlarmUuid(alarm.uuid)) {
      throw new ApiError("invalid_request", "Each alarm is named by its uuid.", { param: "alarm" });
    }
    alarm.uuid = alarm.uuid.toLowerCase();
  }
  return alarms;
}
