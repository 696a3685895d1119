import "server-only";
import type { Kysely } from "kysely";
import { detailPath } from "@/lib/shared/alarms/paths";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import type { Database } from "@/lib/server/db";
import { teamKey, type TeamColumns, type TeamOfBatch } from "./rows";

// The team's columns of an export (issue 37), read from the console's database one batch at a
// time as the stream writes it, whichever source the alarms come from (the upstream or the
// index): owner, acknowledged by and at, verdict, closed by and at, the count of notes (each
// analyst by handle), and each alarm's link in the console, on the console's own origin.

/** Reads the team's columns of a batch of alarms. */
export type TeamReader = (alarms: readonly AlarmSummary[]) => Promise<TeamOfBatch>;

export function teamReader(db: Kysely<Database>, origin: string | null): TeamReader {
  const link = (alarm: AlarmSummary) =>
    origin ? new URL(detailPath(alarm.deployment, alarm.uuid), origin).href : "";
  return async (alarms) => {
    if (alarms.length === 0) return { columns: new Map(), link };
    const rows = await db
      .selectFrom("triage_alarms as t")
      .leftJoin("analysts as o", "o.id", "t.owner_id")
      .leftJoin("analysts as a", "a.id", "t.acknowledged_by")
      .leftJoin("analysts as c", "c.id", "t.closed_by")
      .select([
        "t.deployment",
        "t.uuid",
        "t.owner_id",
        "o.handle as owner",
        "t.acknowledged_by",
        "a.handle as acknowledger",
        "t.acknowledged_at",
        "t.verdict",
        "t.closed_by",
        "c.handle as closer",
        "t.closed_at",
        "t.notes",
      ])
      .where((eb) =>
        eb(
          eb.refTuple("t.deployment", "t.uuid"),
          "in",
          alarms.map((alarm) => eb.tuple(alarm.deployment, alarm.uuid.toLowerCase())),
        ),
      )
      .execute();
    const time = (value: number | null) => (value === null ? null : Number(value));
    const columns = new Map<string, TeamColumns>(
      rows.map((row) => [
        teamKey(row.deployment, row.uuid),
        {
          owner: row.owner ?? row.owner_id,
          acknowledgedBy: row.acknowledger ?? row.acknowledged_by,
          acknowledgedAt: time(row.acknowledged_at),
          verdict: row.verdict,
          closedBy: row.closer ?? row.closed_by,
          closedAt: time(row.closed_at),
          notes: Number(row.notes),
        },
      ]),
    );
    return { columns, link };
  };
}
