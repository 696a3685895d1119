import "server-only";
import { sql, type Kysely } from "kysely";
import {
  ACTIVITY_PAGE_SIZE,
  EVERY_DEPLOYMENT_SEGMENT,
  type ActivityAction,
  type ActivityEvent,
  type ActivityFilters,
  type ActivityPage,
} from "@/lib/shared/triage/audit";
import type { Database } from "@/lib/server/db";

// The team's audit trail as the activity page reads it: newest first, by keyset on the trail's
// id (a page goes on below the last id seen; never an offset, which would skip or repeat rows
// as the team writes), filtered by analyst, action, deployment and time. Access is a row filter
// inside the statement: a row of a deployment the analyst may not see is never read; a row on
// every deployment (an export or a view of the queue: deployment "all") only when every
// deployment it covered (its `after.deployments`) is one they may see.
//
// Every signed-in analyst reads the trail of the deployments they may see: the console has no
// notion of a lead or an admin (access is per deployment, lib/server/deployments/access.ts), and
// what a teammate did on an alarm is already in that alarm's history for anyone who may open it.

/** What a read is for: the deployment keys the analyst may see. */
export interface ActivityReader {
  visible: readonly string[];
}

/** A row of the trail with its analyst's handle and name (null: no row of them). */
export interface ActivityRow {
  id: number;
  at: number;
  analyst_id: string;
  handle: string | null;
  name: string | null;
  deployment: string;
  uuid: string | null;
  action: string;
  before: unknown;
  after: unknown;
}

/** The trail's rows with each analyst's handle and name (for this read and the shell's export). */
export function selectAuditRows(db: Kysely<Database>) {
  return db
    .selectFrom("triage_audit as a")
    .leftJoin("analysts as n", "n.id", "a.analyst_id")
    .select([
      "a.id",
      "a.at",
      "a.analyst_id",
      "n.handle",
      "n.name",
      "a.deployment",
      "a.uuid",
      "a.action",
      "a.before",
      "a.after",
    ]);
}

/** Rows of the trail `reader` may see that match `filters`, newest first, `limit` at most. */
export function readActivityRows(
  db: Kysely<Database>,
  reader: ActivityReader,
  filters: ActivityFilters,
  limit: number,
): Promise<ActivityRow[]> {
  const visible = [...reader.visible];
  return (
    selectAuditRows(db)
      .where((eb) =>
        eb.or([
          eb("a.deployment", "in", visible.length > 0 ? visible : [""]),
          eb.and([
            eb("a.deployment", "=", EVERY_DEPLOYMENT_SEGMENT),
            sql<boolean>`coalesce(a.after -> 'deployments', '[]'::jsonb) <@ ${JSON.stringify(visible)}::jsonb`,
          ]),
        ]),
      )
      .$if(filters.deployment.length > 0, (query) =>
        query.where("a.deployment", "in", filters.deployment),
      )
      .$if(filters.action.length > 0, (query) => query.where("a.action", "in", filters.action))
      .$if(filters.analyst.length > 0, (query) =>
        query.where((eb) =>
          eb.or([
            eb(eb.fn("lower", ["n.handle"]), "in", filters.analyst),
            eb("a.analyst_id", "in", filters.analyst),
          ]),
        ),
      )
      .$if(filters.from !== null, (query) => query.where("a.at", ">=", filters.from!))
      .$if(filters.to !== null, (query) => query.where("a.at", "<", filters.to!))
      .$if(filters.before !== null, (query) => query.where("a.id", "<", filters.before!))
      .orderBy("a.id", "desc")
      .limit(limit)
      // bigint ids and times come back as strings on node-postgres: numbers for our shapes.
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, id: Number(row.id), at: Number(row.at) })))
  );
}

/** A row as the page shows it. */
export function activityEvent(row: ActivityRow): ActivityEvent {
  return {
    id: row.id,
    at: row.at,
    analyst: row.handle ?? row.analyst_id,
    deployment: row.deployment,
    uuid: row.uuid,
    action: row.action as ActivityAction,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** One page of the trail, newest first, and the id to ask `before` for the next. */
export async function readActivity(
  db: Kysely<Database>,
  reader: ActivityReader,
  filters: ActivityFilters,
  size = ACTIVITY_PAGE_SIZE,
): Promise<ActivityPage> {
  // One row more than the page: whether there is a next page, without counting the trail.
  const rows = await readActivityRows(db, reader, filters, size + 1);
  const page = rows.slice(0, size);
  const names: Record<string, string> = {};
  for (const row of page) if (row.handle && row.name) names[row.handle] = row.name;
  return {
    events: page.map(activityEvent),
    names,
    next: rows.length > size ? page.at(-1)!.id : null,
  };
}
