import "server-only";
import type { ExpressionBuilder, Kysely, Transaction, Updateable } from "kysely";
import type { Database } from "@/lib/server/db";
import type { TriageAction } from "@/lib/shared/triage/types";

// The mechanics every write of an alarm's triage shares: the alarm's row taken and locked first
// (created when nobody has acted on the alarm yet), its columns set, one append-only audit row per
// change, each in the caller's transaction. The rules of each write are ./triage.ts's.

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

export type Tx = Transaction<Database>;

/** A where-condition: the row's (deployment, uuid) is one of `alarms`. */
export function amongAlarms(alarms: readonly AlarmRef[]) {
  return (eb: ExpressionBuilder<Database, "alarms" | "triage_alarms">) =>
    eb(
      eb.refTuple("deployment", "uuid"),
      "in",
      alarms.map((alarm) => eb.tuple(alarm.deployment, alarm.uuid)),
    );
}

export async function lockAlarm(tx: Tx, alarm: AlarmRef, now: number) {
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
export function updateAlarm(
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

export async function audit(
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

export async function handleOfId(tx: Tx, id: string | null): Promise<string | null> {
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
 * a batch of alarms in one transaction (./bulk-apply.ts), each write as it would alone.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (tx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
