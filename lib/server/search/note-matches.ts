import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/server/db/schema";
import type { SearchNode } from "@/lib/shared/search/ast";
import { textNodes } from "@/lib/server/mirror/words";
import { escapeLike, type NoteMatches } from "@/lib/server/search/query-language/scope";

// Free text finds the alarms whose notes hold it too (a ticket number typed alone finds the alarms
// whose notes mention it). The notes are read first, as the words a prefix begins are: per term,
// the alarms a note not deleted holds it in (any case, anywhere in the note), in the deployments
// read. The compiled search then asks the alarm's document probe for those alarms by key beside
// its words (./query-language/probes.ts), so a term no note holds compiles to the very SQL it did
// before notes were searched, and one that some notes hold adds a lookup by primary key, the
// document probe's plan unchanged. The notes are found through their trigram index (migration
// 0010), which LIKE reads and strpos would not. A term in more notes' alarms than NOTE_ALARMS_MAX is asked of
// the notes row by row instead (exact; slower).

/** The most alarms a term's notes are named by key; more are read through the notes themselves. */
export const NOTE_ALARMS_MAX = 1_000;

/** Each free-text term's alarms by their notes, in `deployments` (a term no note holds: absent). */
export async function noteMatches(
  db: Kysely<Database>,
  deployments: readonly string[],
  search: SearchNode | null,
): Promise<NoteMatches> {
  const values = [...new Set(search ? textNodes(search).map((node) => node.value) : [])];
  const found = new Map<string, NoteMatches extends ReadonlyMap<string, infer V> ? V : never>();
  if (deployments.length === 0) return found;
  for (const value of values) {
    const { rows } = await sql<{ deployment: string; uuid: string }>`
      select n.deployment, n.uuid from triage_notes n
      where n.deployment in (${sql.join([...deployments])}) and n.deleted_at is null
        and lower(n.text) like ${`%${escapeLike(value)}%`}
      group by n.deployment, n.uuid
      limit ${NOTE_ALARMS_MAX + 1}`.execute(db);
    if (rows.length === 0) continue;
    if (rows.length > NOTE_ALARMS_MAX) {
      found.set(value, "many");
      continue;
    }
    const keys = new Map<string, string[]>();
    for (const row of rows)
      keys.set(row.deployment, [...(keys.get(row.deployment) ?? []), row.uuid]);
    found.set(value, keys);
  }
  return found;
}
