import "server-only";
import { sql, type Migration } from "kysely";
import { runSteps } from "@/lib/server/db/migrations/steps";

// The backfill's pace (issue 21: 100,000 alarms within 60 s): the trigram index over every
// document's text cost each written document more than its word index, its heap and its side
// tables together (16.6 s of 40 s writing 20,000 of the simulator's alarms on PGlite), for the
// terms the word index has no word of (a run past its cut is now looked up by its pieces). Of those,
// a term of ASCII punctuation (`->`) has no trigram either, so the index never narrowed it; a
// term with a character outside ASCII (`東京`) can stand only in a document with one. The index
// now holds those documents alone (none of the simulator's; a few in a real deployment: names,
// organisations), and the search names its predicate
// (lib/server/mirror/words.ts, outsideAscii).
export const migration: Migration = {
  async up(db) {
    const steps = [
      sql`drop index alarm_docs_text`,
      sql`
        create index alarm_docs_text on alarm_docs using gin (search_text gin_trgm_ops)
        where octet_length(search_text) <> char_length(search_text)`,
    ];
    await runSteps(db, steps, { rebuilds: true });
  },
};
