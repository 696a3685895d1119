import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { ApiError } from "@/lib/shared/core/errors";
import type { Database } from "@/lib/server/db";
import { NOTE_EDIT_WINDOW_MS } from "@/lib/shared/triage/types";
import type { KnownAnalyst } from "./analysts";
import {
  audit,
  handleOfId,
  inTransaction,
  lockAlarm,
  updateAlarm,
  type Actor,
  type AlarmRef,
  type TriageWrite,
  type Tx,
} from "./alarm-row";

// The team's triage of one alarm, written: owner, acknowledgement, notes, and the
// append-only audit of each change. Every write runs in one transaction that locks the alarm's
// row first, so two analysts acting at once are put in line: the second sees the first's result
// (and a take conditioned on "nobody has it" is refused, naming who has it). A write that
// changes nothing (taking an alarm one has) records nothing and tells nobody.

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
    if (!acknowledged && row.closed_at !== null) {
      // A closed alarm was seen: closing acknowledged it.
      throw new ApiError(
        "conflict",
        "The team closed this alarm: reopen it before taking back its acknowledgement.",
        { param: "acknowledged" },
      );
    }
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

/** What a bulk action did to one alarm. */
export type BulkOutcome = "done" | "unchanged" | "owned_by_another" | "closed_by_another";

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
