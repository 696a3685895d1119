// How many rows each table the ingest writes for an alarm holds of some alarms: what removing
// an alarm from the index must bring to 0 everywhere (lib/server/mirror/forget.ts).
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";

export const ALARM_TABLES = ["alarms", "alarm_docs", "alarm_addresses", "alarm_entities"] as const;

export async function alarmRows(
  db: Kysely<Database>,
  deployment: string,
  uuids: readonly string[],
): Promise<Record<(typeof ALARM_TABLES)[number], number>> {
  const counts = { alarms: 0, alarm_docs: 0, alarm_addresses: 0, alarm_entities: 0 };
  for (const table of ALARM_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("rows"))
      .where("deployment", "=", deployment)
      .where("uuid", "in", [...uuids])
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.rows);
  }
  return counts;
}
