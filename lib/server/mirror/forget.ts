import "server-only";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "@/lib/server/db";

// Takes alarms the upstream no longer has out of the index: every row the ingest wrote for them
// (../ingest.ts: the narrow row, its document, its addresses, hosts and users), in one
// transaction, so no search counts an alarm its document has left. The words it brought stay in
// alarm_words_known (shared by every alarm, only ever grown). The team's record of an alarm
// (triage: owner, acknowledgement, notes, audit) is ours, not the mirror's: nothing here
// touches it, and the alarm's page still shows it should the alarm come back.

/** The tables that hold a row per alarm besides `alarms` (ingest.ts writes them together). */
const SIDE_TABLES = ["alarm_docs", "alarm_addresses", "alarm_entities"] as const;

/** A delete's `in` list at most: PostgreSQL's parameters and PGlite's one statement stay small. */
const BATCH = 1_000;

/** Deletes the side rows of `uuids` (already gone from `alarms`) in `tx`. */
export async function deleteSideRows(
  tx: Transaction<Database>,
  deployment: string,
  uuids: readonly string[],
): Promise<void> {
  for (let at = 0; at < uuids.length; at += BATCH) {
    const batch = uuids.slice(at, at + BATCH);
    for (const table of SIDE_TABLES) {
      await tx
        .deleteFrom(table)
        .where("deployment", "=", deployment)
        .where("uuid", "in", batch)
        .execute();
    }
  }
}

/** Removes the alarms `uuids` of `deployment` from the index; resolves with how many it held. */
export async function forgetAlarms(
  db: Kysely<Database>,
  deployment: string,
  uuids: readonly string[],
): Promise<number> {
  const lowered = [...new Set(uuids.map((uuid) => uuid.toLowerCase()))];
  if (lowered.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    let gone = 0;
    for (let at = 0; at < lowered.length; at += BATCH) {
      const batch = lowered.slice(at, at + BATCH);
      const rows = await tx
        .deleteFrom("alarms")
        .where("deployment", "=", deployment)
        .where("uuid", "in", batch)
        .returning("uuid")
        .execute();
      gone += rows.length;
    }
    // Side rows without their alarm (none, unless a write was cut short) go as well.
    await deleteSideRows(tx, deployment, lowered);
    return gone;
  });
}

/** A stretch of occurred times a complete upstream read covered (epoch ms). */
export interface CoveredRange {
  /** The lower bound, and whether an alarm at it was read for sure (inclusive). */
  from: number;
  fromInclusive: boolean;
  to: number;
  toInclusive: boolean;
}

/**
 * Removes the deployment's indexed alarms that occurred within `range` but are not among
 * `present` (every alarm the upstream holds there, as one read found them); resolves with how
 * many went. The caller vouches that the read was complete over the range. An alarm a detail's
 * refresh wrote meanwhile that reached the upstream after the read may go too: its day then
 * counts less in the index than upstream, and reconciliation's next pass brings it back.
 */
export async function forgetAbsent(
  db: Kysely<Database>,
  deployment: string,
  range: CoveredRange,
  present: readonly string[],
): Promise<number> {
  const kept = new Set(present.map((uuid) => uuid.toLowerCase()));
  const indexed = await db
    .selectFrom("alarms")
    .select("uuid")
    .where("deployment", "=", deployment)
    .where("occurred_at", range.fromInclusive ? ">=" : ">", range.from)
    .where("occurred_at", range.toInclusive ? "<=" : "<", range.to)
    .execute();
  const absent = indexed.map((row) => row.uuid).filter((uuid) => !kept.has(uuid));
  return forgetAlarms(db, deployment, absent);
}
