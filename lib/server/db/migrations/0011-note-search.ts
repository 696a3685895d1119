import "server-only";
import { sql, type Migration } from "kysely";
import { runSteps } from "@/lib/server/db/migrations/steps";

// Notes are searchable (issue 37): free text and `note:"…"` find the alarms whose notes hold a
// text anywhere, in any case. Read row by row, 20,000 notes cost each free-text search about
// 10 ms on PostgreSQL (bench/index-notes.ts's notes, measured with the index bench's database),
// growing with the team's writing; a trigram index of the notes' lower-case text, kept for the
// notes not deleted, finds a term of three characters or more at once. Every step may run again.
export const migration: Migration = {
  async up(db) {
    const steps = [
      sql`
        create index if not exists triage_notes_text on triage_notes
        using gin (lower(text) gin_trgm_ops) where deleted_at is null`,
    ];
    await runSteps(db, steps);
  },
};
