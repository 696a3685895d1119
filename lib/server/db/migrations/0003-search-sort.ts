import "server-only";
import { sql, type Migration } from "kysely";

// A search sorted by priority (lib/server/search/search.ts) with many matches walks this index in
// the page's order, as newest first walks alarms_newest, instead of sorting every match.
export const migration: Migration = {
  async up(db) {
    await sql`create index alarms_priority on alarms (deployment, priority desc, occurred_at desc, uuid)`.execute(
      db,
    );
  },
};
