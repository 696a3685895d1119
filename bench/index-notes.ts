// The team's notes in the index bench's databases (issue 37: notes are searchable): 20,000 notes
// on acme's newest alarms, each naming a ticket (INC-4000 to INC-4599, so a ticket is in about 33
// notes, as the "a ticket number written in 34 notes"). Added once; a second run finds them.
import { sql, type Kysely } from "kysely";
import type { Database } from "../lib/server/db";

export const BENCH_NOTES = 20_000;

export async function seedBenchNotes(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from triage_notes`.execute(
    db,
  );
  if ((rows[0]?.n ?? 0) < BENCH_NOTES) await insertNotes(db);
  // As the index's hourly upkeep does (PGlite has no autovacuum): the planner learns the notes.
  await sql`analyze triage_notes`.execute(db);
}

async function insertNotes(db: Kysely<Database>): Promise<void> {
  // One statement, not 20,000 of the triage service's transactions (minutes at this size): the
  // bench measures the searches that read notes, not how notes are written.
  // eslint-disable-next-line no-restricted-syntax
  await sql`
    insert into triage_notes (id, deployment, uuid, author_id, text, created_at)
    select gen_random_uuid(), a.deployment, a.uuid, 'local:bench',
      'Checked with the service desk: ticket INC-' || (4000 + (a.n % 600)) || ', nothing more to do',
      0
    from (
      select deployment, uuid, row_number() over (order by occurred_at desc) as n
      from alarms where deployment = 'acme' order by occurred_at desc limit ${BENCH_NOTES}
    ) a`.execute(db);
}
