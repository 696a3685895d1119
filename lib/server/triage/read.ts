import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import {
  HISTORY_LIMIT,
  type AlarmTriage,
  type TriageAction,
  type TriageSummaries,
  type Verdict,
} from "@/lib/shared/triage/types";
import { amongAlarms, audit, type Actor, type AlarmRef } from "./alarm-row";
import { namesOfIds } from "./analysts";
import { labelStatusOf } from "./label-queue";
import { NOTES_PER_ALARM } from "./triage";

// The team's triage of alarms as analysts read it: one alarm's whole (owner, acknowledgement,
// notes, history, with each person's name), a list page's summaries, and the openings of a detail
// in the audit (one per visit, not per refetch).

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
  const [row, notes, history, label] = await Promise.all([
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
    labelStatusOf(db, alarm),
  ]);
  const ids = [
    row?.owner_id,
    row?.acknowledged_by,
    row?.closed_by,
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
    closed:
      row?.closed_by && row.closed_at !== null && row.verdict !== null
        ? {
            by: handle(row.closed_by),
            at: row.closed_at,
            verdict: row.verdict as Verdict,
            reason: row.close_reason ?? "",
            duplicateOf: row.duplicate_of,
          }
        : null,
    label,
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
    .select(["deployment", "uuid", "owner_id", "acknowledged_at", "notes", "verdict"])
    .where(amongAlarms(alarms))
    .execute();
  const people = await namesOfIds(
    db,
    rows.map((row) => row.owner_id).filter((id): id is string => id !== null),
  );
  const names: Record<string, string> = {};
  return {
    alarms: rows
      .filter(
        (row) =>
          row.owner_id !== null ||
          row.acknowledged_at !== null ||
          row.notes > 0 ||
          row.verdict !== null,
      )
      .map((row) => {
        const owner = row.owner_id ? (people.get(row.owner_id) ?? null) : null;
        if (owner) names[owner.handle] = owner.name;
        return {
          deployment: row.deployment,
          uuid: row.uuid,
          owner: owner?.handle ?? row.owner_id,
          acknowledged: row.acknowledged_at !== null,
          notes: row.notes,
          verdict: row.verdict as Verdict | null,
        };
      }),
    names,
  };
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
