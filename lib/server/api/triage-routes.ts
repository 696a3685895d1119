import "server-only";
import type { NextRequest } from "next/server";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { ApiError } from "@/lib/shared/core/errors";
import { isAlarmUuid } from "@/lib/shared/alarms/query";
import type { AlarmTriage, TriageNotice, TriageSummaries } from "@/lib/shared/triage/types";
import type { Analyst } from "@/lib/server/auth/session";
import { databaseState, type Database, type DatabaseState } from "@/lib/server/db";
import type { Deployment } from "@/lib/server/deployments/registry";
import { sharedStore, type SharedStore } from "@/lib/server/store";
import { readAlarm, type UsmCall } from "@/lib/server/usm";
import {
  analystByHandle,
  handleOf,
  knownMayAccess,
  recordAnalyst,
  teammates,
} from "@/lib/server/triage/analysts";
import {
  NOTE_BODY_BYTES,
  TRIAGE_BODY_BYTES,
  acknowledgedInput,
  noteInput,
  noteIdOf,
  ownerInput,
  summariesInput,
} from "@/lib/server/triage/input";
import { publishTriageNotice } from "@/lib/server/triage/notices";
import {
  addNote,
  deleteNote,
  editNote,
  indexHolds,
  readSummaries,
  readTriage,
  recordOpened,
  setAcknowledged,
  setOwner,
  type Actor,
  type AlarmRef,
} from "@/lib/server/triage/triage";
import { readJsonBody } from "./json-body";
import { asIndexUnavailable } from "@/lib/server/db/errors";

// The request -> data logic of an alarm's triage (owner, acknowledgement, notes, history), for
// the console's pages and for automation calling with an analyst's session. The deployment is
// the analyst's (deploymentRoute answered 404 otherwise); an alarm id that is not one, or that
// neither the index nor the upstream knows, is 404 alike, so no made-up id gains triage state.
// Each analyst writes at a bounded rate; a write that changed something is told to every replica.

export interface TriageContext {
  database?: () => Promise<DatabaseState>;
  store?: SharedStore;
  now?: () => number;
}

export interface TriageInput {
  /** The request (a read says whether the opening it records came from the console itself). */
  request?: NextRequest;
  analyst: Analyst;
  deployment: Deployment;
  call: UsmCall;
}

/** Writes one analyst may make: 10 a second sustained, a burst of 40 (a bulk write counts once). */
const WRITE_RATE = { intervalMs: 100, burst: 40, maxWaitMs: 0 };

async function openDb(context: TriageContext): Promise<Kysely<Database>> {
  const state = await (context.database ?? databaseState)();
  if (!state.ok) {
    throw new ApiError("index_unavailable", `The team's triage cannot be reached: ${state.reason}`);
  }
  return state.database.db;
}

export function actorOf(analyst: Analyst): Actor {
  const handle = handleOf(analyst);
  return { id: analyst.id, handle, name: analyst.name || handle };
}

function alarmOf(deployment: Deployment, uuid: string): AlarmRef {
  if (!isAlarmUuid(uuid)) throw new ApiError("not_found", "There is no such alarm.");
  return { deployment: deployment.key, uuid: uuid.toLowerCase() };
}

/** 404 unless the index or the upstream knows the alarm. */
async function checkAlarm(db: Kysely<Database>, alarm: AlarmRef, call: UsmCall): Promise<void> {
  if (await indexHolds(db, alarm)) return;
  await readAlarm(alarm.uuid, call); // throws not_found for an alarm the upstream does not have
}

export async function withDb<T>(
  context: TriageContext,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const db = await openDb(context);
  try {
    return await work(db);
  } catch (error) {
    throw asIndexUnavailable(error);
  }
}

export async function takeWrite(analyst: Analyst, context: TriageContext): Promise<void> {
  const store = context.store ?? sharedStore();
  const reservation = await store.reserve(`triage-writes:${analyst.id}`, WRITE_RATE);
  if (!reservation.granted) {
    throw new ApiError("rate_limited", "You are changing alarms faster than the console allows.", {
      retryAfterSeconds: Math.max(1, Math.ceil(reservation.retryInMs / 1000)),
    });
  }
}

/** GET …/alarms/{uuid}/triage: the alarm's triage; the analyst's opening is in the audit. */
export async function alarmTriage(
  input: TriageInput,
  uuid: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  const alarm = alarmOf(input.deployment, uuid);
  const now = (context.now ?? Date.now)();
  return withDb(context, async (db) => {
    await checkAlarm(db, alarm, input.call);
    // Another site's link (a top-level navigation carries the cookie) records no opening.
    if (input.request?.headers.get("sec-fetch-site") !== "cross-site") {
      await recordAnalyst(db, input.analyst, now);
      await recordOpened(db, alarm, actorOf(input.analyst), now);
    }
    return readTriage(db, alarm);
  });
}

/** PUT …/triage/owner {"owner": handle|null, "from"?: handle|null}. */
export function putOwner(
  request: NextRequest,
  input: TriageInput,
  uuid: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return bodyWrite(request, ownerInput, TRIAGE_BODY_BYTES, input, uuid, context, async (w) => {
    let owner = null;
    if (w.body.owner !== null) {
      owner = await analystByHandle(w.db, w.body.owner);
      if (!owner || !knownMayAccess(input.deployment.config, owner)) {
        throw new ApiError(
          "invalid_request",
          `No teammate named "${w.body.owner}" may see this deployment.`,
          { param: "owner" },
        );
      }
    }
    const done = await setOwner(w.db, w.alarm, w.actor, owner, w.now, w.body.from);
    if (done.changed) await w.tell({ action: "owner", owner: owner?.handle ?? null });
  });
}

/** PUT …/triage/acknowledged {"acknowledged": boolean}. */
export function putAcknowledged(
  request: NextRequest,
  input: TriageInput,
  uuid: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return bodyWrite(
    request,
    acknowledgedInput,
    TRIAGE_BODY_BYTES,
    input,
    uuid,
    context,
    async (w) => {
      const { acknowledged } = w.body;
      const done = await setAcknowledged(w.db, w.alarm, w.actor, acknowledged, w.now);
      if (done.changed) await w.tell({ action: "acknowledged", acknowledged });
    },
  );
}

/** POST …/triage/notes {"text": "…"}. */
export function postNote(
  request: NextRequest,
  input: TriageInput,
  uuid: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  return bodyWrite(request, noteInput, NOTE_BODY_BYTES, input, uuid, context, async (w) => {
    await addNote(w.db, w.alarm, w.actor, w.body.text, w.now);
    await w.tell({ action: "note_added" });
  });
}

/** PATCH …/triage/notes/{id} {"text": "…"}: the author's own, within 15 minutes. */
export function patchNote(
  request: NextRequest,
  input: TriageInput,
  uuid: string,
  id: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  const noteId = noteIdOf(id);
  return bodyWrite(request, noteInput, NOTE_BODY_BYTES, input, uuid, context, async (w) => {
    const done = await editNote(w.db, w.alarm, w.actor, noteId, w.body.text, w.now);
    if (done.changed) await w.tell({ action: "note_edited" });
  });
}

/** DELETE …/triage/notes/{id}: the author's own, within 15 minutes. */
export function removeNote(
  input: TriageInput,
  uuid: string,
  id: string,
  context: TriageContext = {},
): Promise<AlarmTriage> {
  const noteId = noteIdOf(id);
  return write(input, alarmOf(input.deployment, uuid), context, async (w) => {
    await deleteNote(w.db, w.alarm, w.actor, noteId, w.now);
    await w.tell({ action: "note_deleted" });
  });
}

/** What a write's work is handed. */
interface WriteScope {
  db: Kysely<Database>;
  alarm: AlarmRef;
  actor: Actor;
  now: number;
  /** Tells every replica what changed (only when something did). */
  tell(change: Pick<TriageNotice, "action" | "owner" | "acknowledged">): Promise<void>;
}

/** A write with a JSON body: the alarm named, the body read and checked, then `work`. */
async function bodyWrite<T extends z.ZodType>(
  request: NextRequest,
  schema: T,
  maxBytes: number,
  input: TriageInput,
  uuid: string,
  context: TriageContext,
  work: (scope: WriteScope & { body: z.infer<T> }) => Promise<void>,
): Promise<AlarmTriage> {
  const alarm = alarmOf(input.deployment, uuid);
  const body = await readJsonBody(request, schema, maxBytes);
  return write(input, alarm, context, (scope) => work({ ...scope, body }));
}

async function write(
  input: TriageInput,
  alarm: AlarmRef,
  context: TriageContext,
  work: (scope: WriteScope) => Promise<void>,
): Promise<AlarmTriage> {
  await takeWrite(input.analyst, context);
  const now = (context.now ?? Date.now)();
  const actor = actorOf(input.analyst);
  return withDb(context, async (db) => {
    await checkAlarm(db, alarm, input.call);
    await recordAnalyst(db, input.analyst, now);
    const tell: WriteScope["tell"] = (change) =>
      publishTriageNotice(context.store ?? sharedStore(), {
        deployment: alarm.deployment,
        uuids: [alarm.uuid],
        analyst: actor.handle,
        analystName: actor.name,
        at: now,
        ...change,
      });
    await work({ db, alarm, actor, now, tell });
    return readTriage(db, alarm);
  });
}

/** GET /api/d/{key}/alarms/triage?uuid=…: what a list page shows of its alarms' triage. */
export async function triageSummaries(
  url: URL,
  deployments: readonly Deployment[],
  context: TriageContext = {},
): Promise<TriageSummaries> {
  const parsed = summariesInput(url.searchParams, deployments);
  return withDb(context, (db) => readSummaries(db, parsed));
}

/** GET /api/d/{key}/teammates: whom an alarm of this deployment may be given to. */
export async function deploymentTeammates(
  deployment: Deployment,
  analyst: Analyst,
  context: TriageContext = {},
): Promise<{ teammates: { handle: string; name: string }[]; me: string }> {
  const now = (context.now ?? Date.now)();
  return withDb(context, async (db) => {
    await recordAnalyst(db, analyst, now);
    return { teammates: await teammates(db, deployment.config), me: handleOf(analyst) };
  });
}
