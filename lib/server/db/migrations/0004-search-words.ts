import "server-only";
import { sql, type Migration } from "kysely";
import { runSteps } from "@/lib/server/db/migrations/steps";

// Search at a million alarms (lib/server/mirror/words.ts): free text's word index,
// and the side tables' lookups covering the alarm they point at, so a count of an address or a
// user reads its index entries alone, not one heap page per row (a user on 6% of the alarms:
// 10,000 table pages for 19,000 rows). The search calls alarm_words by name, so its SQL stays
// free of literals.
export const migration: Migration = {
  async up(db) {
    const steps = [
      sql`
        create function alarm_words(search_text text) returns tsvector
        language sql immutable strict parallel safe
        return array_to_tsvector(array_remove(regexp_split_to_array(
          regexp_replace(search_text, '([a-z0-9]{100})', '\\1 ', 'g'), '[^a-z0-9]+'), ''))`,
      // With the deployment in the same index (btree_gin), a word's lookup is one deployment's
      // (ANDing the primary key's bitmap of half a million rows cost a count of "logon" 55 ms).
      sql`create extension if not exists btree_gin`,
      sql`create index alarm_docs_words on alarm_docs using gin (deployment, alarm_words(search_text))`,
      sql`drop index alarm_addresses_pivot`,
      sql`create index alarm_addresses_pivot on alarm_addresses (deployment, address, occurred_at desc) include (uuid, side)`,
      sql`drop index alarm_entities_pivot`,
      sql`create index alarm_entities_pivot on alarm_entities (deployment, kind, value text_pattern_ops, occurred_at desc) include (uuid, side)`,
    ];
    await runSteps(db, steps);
  },
};
