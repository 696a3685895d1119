import "server-only";
import { sql, type Migration } from "kysely";
import { runSteps } from "@/lib/server/db/migrations/steps";

// A search's free text and filters together, at a million alarms (lib/server/search/search-where.ts):
// - the words the documents hold, so a term's last word, looked up as a prefix, becomes the list
//   of words it begins (a prefix's lookup in the word index gathers every row of every such word
//   into a bitmap first: 56 ms for "logon" on PostgreSQL, 9 ms for its words looked up exactly);
// - the narrow columns a search's filters test most (status, priority, time) on the document too,
//   so the filters apply while the word index's candidates are read, not after joining each one
//   to its alarm (free text and two filters joined 12,000 candidates to find 2,000 matches).
// The words come from the documents and the columns from their alarms: the index keeps answering,
// no refill from the upstream. The documents are copied into a new table and its indexes built
// whole: updating a million rows in place re-inserted each into both text indexes one by one
// (stopped unfinished after 170 s on PostgreSQL). At a million alarms the whole migration takes
// about 3 minutes on PostgreSQL and 7 on PGlite (measured with the machine busy); searches wait
// for it (on PGlite, which runs one statement at a time, everything that reads the index does).
export const migration: Migration = {
  async up(db) {
    const steps = [
      sql`create table alarm_words_known (word text collate "C" primary key)`,
      sql`
        insert into alarm_words_known (word)
        select distinct word from alarm_docs, unnest(tsvector_to_array(alarm_words(search_text))) as word
        order by word`,
      sql`
        create table alarm_docs_next (
          deployment text not null,
          uuid uuid not null,
          summary jsonb not null,
          search_text text not null,
          status text,
          priority smallint,
          occurred_at bigint
        )`,
      sql`
        insert into alarm_docs_next
        select d.deployment, d.uuid, d.summary, d.search_text, a.status, a.priority, a.occurred_at
        from alarm_docs d left join alarms a on a.deployment = d.deployment and a.uuid = d.uuid`,
      sql`drop table alarm_docs`,
      sql`alter table alarm_docs_next rename to alarm_docs`,
      sql`alter table alarm_docs add constraint alarm_docs_pkey primary key (deployment, uuid)`,
      sql`create index alarm_docs_text on alarm_docs using gin (search_text gin_trgm_ops)`,
      sql`create index alarm_docs_words on alarm_docs using gin (deployment, alarm_words(search_text))`,
      // A new table has no statistics: the planner would guess until the sync's next upkeep.
      sql`analyze alarm_docs, alarm_words_known`,
    ];
    await runSteps(db, steps, { rebuilds: true });
  },
};
