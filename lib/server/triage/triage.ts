import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction, Updateable } from "kysely";
import { ApiError } from "@/lib/shared/core/errors";
import type { Database } from "@/lib/server/db";
import {
  HISTORY_LIMIT,
  NOTE_EDIT_WINDOW_MS,
  type AlarmTriage,
  type TriageAction,
  type TriageSummaries,
} from "@/lib/shared/triage/types";
import { namesOfIds, type KnownAnalyst } from "./analysts";

// The team's triage of one alarm, read and written: owner, acknowledgement, notes, and the
// append-only audit of each change. Every write runs in one transaction that locks the alarm's
// row first, so two analysts acting at once are put in line: the second sees the first's result
// (and a take conditioned on "nobody has it" is refused, naming who has it). A write that
// changes nothing (taking an alarm one has) records nothing and tells nobody.

export interface Actor {
  id: string;
  handle: string;
  name: string;
}

/** One alarm of one deployment; the uuid lower-cased. */
export interface AlarmRef {
  deployment: string;
  uuid: string;
}

/** What a write did: whether anything changed, and the state after it. */
export interface TriageWrite {
  changed: boolean;
  action: TriageAction;
}

type Tx = Transaction<Database>;

async function lockAlarm(tx: Tx, alarm: AlarmRef, now: number) {
  await tx
    .insertInto("triage_alarms")
    .values({ deployment: alarm.deployment, uuid: alarm.uuid, notes: 0, updated_at: now })
    .onConflict((conflict) => conflict.columns(["deployment", "uuid"]).doNothing())
    .execute();
  return tx
    .selectFrom("triage_alarms")
    .selectAll()
    .where("deployment", "=", alarm.deployment)
    .where("uuid", "=", alarm.uuid)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * Sets columns of the alarm's triage row (locked by lockAlarm in the same transaction), and moves
 * its count of notes by `notes`.
 */
function updateAlarm(
  tx: Tx,
  alarm: AlarmRef,
  values: Updateable<Database["triage_alarms"]>,
  notes?: 1 | -1,
) {
  return tx
    .updateTable("triage_alarms")
    .set((eb) => ({ ...values, ...(notes && { notes: eb("notes", "+", notes) }) }))
    .where("deployment", "=", alarm.deployment)
    .where("uuid", "=", alarm.uuid)
    .execute();
}

async function audit(
  tx: Tx | Kysely<Database>,
  alarm: AlarmRef,
  actor: Actor,
  action: TriageAction,
  before: unknown,
  after: unknown,
  now: number,
): Promise<void> {
  await tx
    .insertInto("triage_audit")
    .values({
      at: now,
      analyst_id: actor.id,
      deployment: alarm.deployment,
      uuid: alarm.uuid,
      action,
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
    })
    .execute();
}

async function handleOfId(tx: Tx, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const row = await tx
    .selectFrom("analysts")
    .select("handle")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.handle ?? id;
}

/**
 * `work` in a transaction of its own, or in the caller's when `db` is one: a bulk action writes
 * a batch of alarms in one transaction (lib/server/api/triage-bulk.ts), each write as it would alone.
 */
function inTransaction<T>(
  db: Kysely<Database>,
  work: (tx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/**
 * Sets (or clears) the alarm's owner. With `expected` (a handle, or null for "nobody"), only
 * while the owner is still that one: a take racing another take is refused (409 conflict,
 * naming who has it) instead of silently taking the alarm from a teammate.
 */
export async function setOwner(
  db: Kysely<Database>,
  alarm: AlarmRef,
  actor: Actor,
  owner: KnownAnalyst | null,
  now: number,
  expected?: string | null,
): Promise<TriageWrite> {
  return inTransaction(db, async (tx) => {
    const row = await lockAlarm(tx, alarm, now);
    const current = await handleOfId(tx, row.owner_id);
    if (
      expected !== undefined &&
      (current?.toLowerCase() ?? null) !== (expected?.toLowerCase() ?? null)
    ) {
      throw new ApiError(
        "conflict",
        current === null
          ? "Nobody has this alarm any more; look again before you act."
          : current === actor.handle
            ? "You have this alarm already."
            : `${current} has this alarm.`,
        { param: "owner" },
      );
    }
    if ((owner?.id ?? null) === row.owner_id) return { changed: false, action: "owner" };
    await updateAlarm(tx, alarm, {
      owner_id: owner?.id ?? null,
      owned_at: owner ? now : null,
      updated_at: now,
    });
    await audit(
      tx,
      alarm,
      actor,
      "owner",
      { owner: current },
      { owner: owner?.handle ?? null },
      now,
    );
    return { changed: true, action: "owner" };
  });
}

/** Marks the alarm as seen and triaged by `actor` (or takes the mark back). */
export async function setAcknowledged(
  db: Kysely<Database>,
  alarm: AlarmRef,
  actor: Actor,
  acknowledged: boolean,
  now: number,
): Promise<TriageWrite> {
  return inTransaction(db, async (tx) => {
    const row = await lockAlarm(tx, alarm, now);
    const was = row.acknowledged_at !== null;
    if (was === acknowledged) return { changed: false, action: "acknowledged" };
    await updateAlarm(tx, alarm, {
      acknowledged_by: acknowledged ? actor.id : null,
      acknowledged_at: acknowledged ? now : null,
      updated_at: now,
    });
    const by = await handleOfId(tx, row.acknowledged_by);
    await audit(
      tx,
      alarm,
      actor,
      "acknowledged",
      { acknowledged: was, ...(was ? { by } : {}) },
      { acknowledged },
      now,
    );
    return { changed: true, action: "acknowledged" };
  });
}

/** Notes one alarm holds at most: a thread beyond this belongs in a case, not on an alarm. */
export const NOTES_PER_ALARM = 500;

/** Adds a note by `actor`; resolves with its id. */
export async function addNote(
  db: Kysely<Database>,
  alarm: AlarmRef,
  actor: Actor,
  text: string,
  now: number,
): Promise<string> {
  return inTransaction(db, async (tx) => {
    const row = await lockAlarm(tx, alarm, now);
    if (row.notes >= NOTES_PER_ALARM) {
      throw new ApiError(
        "invalid_request",
        `An alarm holds at most ${NOTES_PER_ALARM} notes; this one is full.`,
        { param: "text" },
      );
    }
    const id = randomUUID();
    await tx
      .insertInto("triage_notes")
      .values({ id, ...alarm, author_id: actor.id, text, created_at: now })
      .execute();
    await updateAlarm(tx, alarm, { updated_at: now }, 1);
    await audit(tx, alarm, actor, "note_added", null, { id, text }, now);
    return id;
  });
}

/** The author's own note, still within its edit window, locked; else why not. */
async function ownNote(tx: Tx, alarm: AlarmRef, actor: Actor, id: string, now: number) {
  const note = await tx
    .selectFrom("triage_notes")
    .selectAll()
    .where("id", "=", id)
    .where("deployment", "=", alarm.deployment)
    .where("uuid", "=", alarm.uuid)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!note) throw new ApiError("not_found", "There is no such note on this alarm.");
  if (note.author_id !== actor.id) {
    throw new ApiError("forbidden", "Only a note's author may change it.");
  }
  if (now - note.created_at > NOTE_EDIT_WINDOW_MS) {
    throw new ApiError(
      "forbidden",
      "A note can be changed for 15 minutes after it is written; add a new note instead.",
    );
  }
  return note;
}

/** Edits the author's own note within its window; the old text stays in the history. */
export async function editNote(
  db: Kysely<Database>,
  alarm: AlarmRef,
  actor: Actor,
  id: string,
  text: string,
  now: number,
): Promise<TriageWrite> {
  return inTransaction(db, async (tx) => {
    await lockAlarm(tx, alarm, now);
    const note = await ownNote(tx, alarm, actor, id, now);
    if (note.text === text) return { changed: false, action: "note_edited" };
    await tx
      .updateTable("triage_notes")
      .set({ text, edited_at: now })
      .where("id", "=", id)
      .execute();
    await updateAlarm(tx, alarm, { updated_at: now });
    await audit(tx, alarm, actor, "note_edited", { id, text: note.text }, { id, text }, now);
    return { changed: true, action: "note_edited" };
  });
}

/** Deletes the author's own note within its window; its text stays in the history. */
export async function deleteNote(
  db: Kysely<Database>,
  alarm: AlarmRef,
  actor: Actor,
  id: string,
  now: number,
): Promise<TriageWrite> {
  return inTransaction(db, async (tx) => {
    await lockAlarm(tx, alarm, now);
    const note = await ownNote(tx, alarm, actor, id, now);
    await tx.updateTable("triage_notes").set({ deleted_at: now }).where("id", "=", id).execute();
    await updateAlarm(tx, alarm, { updated_at: now }, -1);
    await audit(tx, alarm, actor, "note_deleted", { id, text: note.text }, null, now);
    return { changed: true, action: "note_deleted" };
  });
}

/** How long one analyst's opening of one alarm counts as one visit in the audit. */
const OPENED_DEDUPE_MS = 10 * 60_000;
const opened = new Map<string, number>();

/** Records that `actor` opened the alarm's detail (once per visit, not per refetch). */
export async function recordOpened(
  db: Kysely<Database>,
  alarm: AlarmRef,
  actor: Actor,
  now: number,
): Promise<void> {
  const key = `${actor.id}\n${alarm.deployment}\n${alarm.uuid}`;
  const last = opened.get(key);
  if (last !== undefined && now - last < OPENED_DEDUPE_MS) return;
  opened.set(key, now);
  if (opened.size > 50_000) opened.clear();
  await audit(db, alarm, actor, "opened", null, null, now);
}

/** The alarm's triage, its notes and its history (newest first). */
export async function readTriage(db: Kysely<Database>, alarm: AlarmRef): Promise<AlarmTriage> {
  const [row, notes, history] = await Promise.all([
    db
      .selectFrom("triage_alarms")
      .selectAll()
      .where("deployment", "=", alarm.deployment)
      .where("uuid", "=", alarm.uuid)
      .executeTakeFirst(),
    db
      .selectFrom("triage_notes")
      .select(["id", "author_id", "text", "created_at", "edited_at"])
      .where("deployment", "=", alarm.deployment)
      .where("uuid", "=", alarm.uuid)
      .where("deleted_at", "is", null)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(NOTES_PER_ALARM)
      .execute()
      .then((rows) => rows.reverse()),
    db
      .selectFrom("triage_audit")
      .select(["id", "at", "analyst_id", "action", "before", "after"])
      .where("deployment", "=", alarm.deployment)
      .where("uuid", "=", alarm.uuid)
      .orderBy("id", "desc")
      .limit(HISTORY_LIMIT)
      .execute(),
  ]);
  const ids = [
    row?.owner_id,
    row?.acknowledged_by,
    ...notes.map((note) => note.author_id),
    ...history.map((event) => event.analyst_id),
  ].filter((id): id is string => typeof id === "string");
  const people = await namesOfIds(db, ids);
  const names: Record<string, string> = {};
  const handle = (id: string) => {
    const person = people.get(id);
    if (!person) return id;
    names[person.handle] = person.name;
    return person.handle;
  };
  return {
    owner: row?.owner_id ? handle(row.owner_id) : null,
    acknowledged:
      row?.acknowledged_by && row.acknowledged_at !== null
        ? { by: handle(row.acknowledged_by), at: row.acknowledged_at }
        : null,
    notes: notes.map((note) => ({
      id: note.id,
      author: handle(note.author_id),
      text: note.text,
      at: note.created_at,
      editedAt: note.edited_at,
    })),
    history: history.map((event) => ({
      id: event.id,
      at: event.at,
      analyst: handle(event.analyst_id),
      action: event.action as TriageAction,
      before: event.before ?? null,
      after: event.after ?? null,
    })),
    names,
  };
}

/** What a list shows of these alarms' triage (those nobody has acted on are left out). */
export async function readSummaries(
  db: Kysely<Database>,
  alarms: readonly AlarmRef[],
): Promise<TriageSummaries> {
  if (alarms.length === 0) return { alarms: [], names: {} };
  const rows = await db
    .selectFrom("triage_alarms")
    .select(["deployment", "uuid", "owner_id", "acknowledged_at", "notes"])
    .where((eb) =>
      eb(
        eb.refTuple("deployment", "uuid"),
        "in",
        alarms.map((alarm) => eb.tuple(alarm.deployment, alarm.uuid)),
      ),
    )
    .execute();
  const people = await namesOfIds(
    db,
    rows.map((row) => row.owner_id).filter((id): id is string => id !== null),
  );
  const names: Record<string, string> = {};
  return {
    alarms: rows
      .filter((row) => row.owner_id !== null || row.acknowledged_at !== null || row.notes > 0)
      .map((row) => {
        const owner = row.owner_id ? (people.get(row.owner_id) ?? null) : null;
        if (owner) names[owner.handle] = owner.name;
        return {
          deployment: row.deployment,
          uuid: row.uuid,
          owner: owner?.handle ?? row.owner_id,
          acknowledged: row.acknowledged_at !== null,
          notes: row.notes,
        };
      }),
    names,
  };
}

/** Forgets which openings this process recorded lately (tests). */
export function forgetOpenings(): void {
  opened.clear();
}

/** Whether the index holds the alarm (triage may then be written without asking the upstream). */
export async function indexHolds(db: Kysely<Database>, alarm: AlarmRef): Promise<boolean> {
  const row = await db
    .selectFrom("alarms")
    .select("uuid")
    .where("deployment", "=", alarm.deployment)
    .where("uuid", "=", alarm.uuid)
    .executeTakeFirst();
  return row !== undefined;
}

/** What a bulk action did to one alarm. */
export type BulkOutcome = "done" | "unchanged" | "owned_by_another";

/**
 * A bulk action's owner change on one alarm, never taking it from a teammate: given to `owner`
 * when nobody has it, released (owner null) only when `actor` has it.
 */
export async function bulkOwner(
  db: Kysely<Database>,
  alarm: AlarmRef,
  actor: Actor,
  owner: KnownAnalyst | null,
  now: number,
): Promise<BulkOutcome> {
  return inTransaction(db, async (tx) => {
    const row = await lockAlarm(tx, alarm, now);
    if ((owner?.id ?? null) === row.owner_id) return "unchanged";
    const allowed = owner === null ? row.owner_id === actor.id : row.owner_id === null;
    if (!allowed) return "owned_by_another";
    await updateAlarm(tx, alarm, {
      owner_id: owner?.id ?? null,
      owned_at: owner ? now : null,
      updated_at: now,
    });
    const before = { owner: row.owner_id === null ? null : actor.handle };
    await audit(tx, alarm, actor, "owner", before, { owner: owner?.handle ?? null }, now);
    return "done";
  });
}
