import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import { textWords } from "@/lib/server/mirror/words";

// The words the index knows (alarm_words_known, what a search's prefixes expand against), added
// before the alarms that hold them are written, and remembered per database handle so a word is
// asked for once per process. Contract: a word recorded here is committed in the table; a caller
// whose database may have lost words (a failed write, a restore) forgets, and they are asked again.

/**
 * How many recorded words this process remembers per database handle. A page of the simulator's
 * alarms holds about 19,000 distinct words, two in five of them already in the pages before (the
 * rest are events' ids, seen once): the words that recur stay remembered, 10-20 MB at most.
 */
const REMEMBERED_WORDS = 100_000;

/**
 * The words this process recorded in alarm_words_known (committed), by database handle, not asked
 * for again: the table only grows (nothing deletes a word), so a word once there stays there. A
 * failed write, and the hourly upkeep, forget them (a database restored or failed over).
 */
const rememberedWords = new WeakMap<Kysely<Database>, Set<string>>();

/** Forgets the words remembered for `db`: its alarm_words_known was emptied (tests). */
export function forgetRecordedWords(db: Kysely<Database>): void {
  rememberedWords.delete(db);
}

/**
 * Adds the words of `texts` to alarm_words_known, as alarm_words cuts them (textWords). Sorted, so
 * two deployments' syncs adding the same new words wait on each other instead of deadlocking.
 */
export async function recordWords(db: Kysely<Database>, texts: string[]): Promise<void> {
  const remembered = rememberedWords.get(db) ?? new Set<string>();
  rememberedWords.set(db, remembered);
  const words: string[] = [];
  for (const word of new Set(texts.flatMap(textWords))) {
    // Remembered: moved to the newest end, so the words that recur are the last forgotten.
    if (remembered.delete(word)) remembered.add(word);
    else words.push(word);
  }
  if (words.length === 0) return;
  // Words are [a-z0-9]: JavaScript's order is the C collation's.
  words.sort();
  await sql`
    insert into alarm_words_known (word)
    select word from unnest(${words}::text[]) with ordinality as t(word, at)
    order by at
    on conflict do nothing`.execute(db);
  for (const word of words) remembered.add(word);
  // The oldest remembered first forgotten (a Set keeps the order words were added in).
  for (const word of remembered) {
    if (remembered.size <= REMEMBERED_WORDS) break;
    remembered.delete(word);
  }
}
