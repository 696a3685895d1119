import "server-only";
import { Migrator, sql, type Kysely, type Migration, type RawBuilder } from "kysely";

// Versioned migrations, in code (Kysely's Migrator: applied in name order, recorded in
// kysely_migration, under a lock, so replicas starting together migrate once). A migration is
// never edited once released; the next change is the next file's. The index's tables are a
// cache of the upstream: a change to them may drop and refill rather than convert.

const index0001: Migration = {
  async up(db) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`
      create table alarms (
        deployment text not null,
        uuid uuid not null,
        occurred_at bigint not null,
        received_at bigint,
        priority smallint not null,
        priority_label text,
        status text,
        suppressed boolean not null,
        rule_intent text,
        rule_strategy text,
        rule_method text,
        attack_id text,
        attack_technique text,
        attack_tactics text[] not null default '{}',
        sensor text,
        labels text[] not null default '{}',
        source_username text,
        destination_username text,
        events_total integer not null default 0,
        volatile_hash text not null,
        indexed_at bigint not null,
        primary key (deployment, uuid)
      )`.execute(db);
    await sql`create index alarms_newest on alarms (deployment, occurred_at desc, uuid)`.execute(
      db,
    );
    await sql`create index alarms_status on alarms (deployment, status, occurred_at desc)`.execute(
      db,
    );
    await sql`
      create table alarm_docs (
        deployment text not null,
        uuid uuid not null,
        summary jsonb not null,
        search_text text not null,
        primary key (deployment, uuid)
      )`.execute(db);
    await sql`create index alarm_docs_text on alarm_docs using gin (search_text gin_trgm_ops)`.execute(
      db,
    );
    await sql`
      create table alarm_addresses (
        deployment text not null,
        uuid uuid not null,
        side char(1) not null,
        address inet not null,
        occurred_at bigint not null,
        primary key (deployment, uuid, side, address)
      )`.execute(db);
    await sql`create index alarm_addresses_pivot on alarm_addresses (deployment, address, occurred_at desc)`.execute(
      db,
    );
    await sql`
      create table alarm_entities (
        deployment text not null,
        uuid uuid not null,
        kind text not null,
        side char(1) not null,
        value text not null,
        occurred_at bigint not null,
        primary key (deployment, uuid, kind, side, value)
      )`.execute(db);
    await sql`create index alarm_entities_pivot on alarm_entities (deployment, kind, value text_pattern_ops, occurred_at desc)`.execute(
      db,
    );
    await sql`
      create table index_sync (
        deployment text primary key,
        state jsonb not null,
        updated_at bigint not null
      )`.execute(db);
  },
};

// The pivots' counts of the narrow table's named values (lib/server/index/pivots.ts): each as the
// search language compares it, lower-cased, with the time so a range reads a slice of the index.
// The technique's id takes LIKE prefixes too (technique:T1110 finds T1110.001).
const pivots0002: Migration = {
  async up(db) {
    const indexes = [
      sql`create index alarms_strategy on alarms (deployment, lower(rule_strategy), occurred_at desc)`,
      sql`create index alarms_method on alarms (deployment, lower(rule_method), occurred_at desc)`,
      sql`create index alarms_sensor on alarms (deployment, lower(sensor), occurred_at desc)`,
      sql`create index alarms_attack_id on alarms (deployment, lower(attack_id) text_pattern_ops, occurred_at desc)`,
      sql`create index alarms_attack_technique on alarms (deployment, lower(attack_technique), occurred_at desc)`,
    ];
    for (const index of indexes) await index.execute(db);
  },
};

// A search sorted by priority (lib/server/index/search.ts) with many matches walks this index in
// the page's order, as newest first walks alarms_newest, instead of sorting every match.
const searchSort0003: Migration = {
  async up(db) {
    await sql`create index alarms_priority on alarms (deployment, priority desc, occurred_at desc, uuid)`.execute(
      db,
    );
  },
};

// Search at a million alarms (lib/server/index/query-language/words.ts): free text's word index,
// and the side tables' lookups covering the alarm they point at, so a count of an address or a
// user reads its index entries alone, not one heap page per row (a user on 6% of the alarms:
// 10,000 table pages for 19,000 rows). The search calls alarm_words by name, so its SQL stays
// free of literals.
const searchWords0004: Migration = {
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

/**
 * Runs a migration's statements in order. `rebuilds`: they rebuild tables or indexes, minutes at a
 * million alarms: not searches, so not under the connection's timeout, and with more memory to
 * sort in.
 */
async function runSteps(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration's own schema
  db: Kysely<any>,
  steps: RawBuilder<unknown>[],
  { rebuilds = false } = {},
): Promise<void> {
  const settings = rebuilds
    ? [sql`set local statement_timeout = 0`, sql`set local maintenance_work_mem = '128MB'`]
    : [];
  for (const step of [...settings, ...steps]) await step.execute(db);
}

// A search's free text and filters together, at a million alarms (lib/server/index/search-where.ts):
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
const searchNarrow0005: Migration = {
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

// The backfill's pace (issue 21: 100,000 alarms within 60 s): the trigram index over every
// document's text cost each written document more than its word index, its heap and its side
// tables together (16.6 s of 40 s writing 20,000 of the simulator's alarms on PGlite), for the
// terms the word index has no word of (a run past its cut is now looked up by its pieces). Of those,
// a term of ASCII punctuation (`->`) has no trigram either, so the index never narrowed it; a
// term with a character outside ASCII (`東京`) can stand only in a document with one. The index
// now holds those documents alone (none of the simulator's; a few in a real deployment: names,
// organisations), and the search names its predicate
// (lib/server/index/query-language/words.ts, outsideAscii).
const searchIngest0006: Migration = {
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

// A list of the index sorted by a rule's intent, strategy or method, by status or by received
// time (lib/server/index/search-order.ts) walks an index of that order, as newest first walks
// alarms_newest, instead of sorting every alarm in range: the first page sorted by strategy at a
// million alarms took 1.6 s on PGlite, the console's own thread, and 0.5 s on PostgreSQL. Each
// is (value, newest first, uuid) per deployment, one per direction: an alarm without the value
// goes last both ways, which an index read backwards would put first, and a backward read gives
// each value's alarms oldest first (a few values hold most alarms: all of one value's would be
// sorted for a page). Status going up walks alarms_status.
const listOrders0007: Migration = {
  async up(db) {
    const steps = [
      sql`create index if not exists alarms_order_received on alarms (deployment, received_at, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_received_desc on alarms (deployment, received_at desc nulls last, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_intent on alarms (deployment, rule_intent, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_intent_desc on alarms (deployment, rule_intent desc nulls last, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_strategy on alarms (deployment, rule_strategy, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_strategy_desc on alarms (deployment, rule_strategy desc nulls last, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_method on alarms (deployment, rule_method, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_method_desc on alarms (deployment, rule_method desc nulls last, occurred_at desc, uuid)`,
      sql`create index if not exists alarms_order_status_desc on alarms (deployment, status desc nulls last, occurred_at desc, uuid)`,
    ];
    await runSteps(db, steps, { rebuilds: true });
  },
};

// The team's triage (issue 23): the only data in this database that is ours, not the upstream's.
// Owners, acknowledgements and notes per alarm, the analysts who have used the console (to assign
// to and to name), saved views, and the audit trail of every triage action. The sync never
// touches these tables; rebuilding the index leaves them whole. The trail is append-only: a
// trigger refuses to update, delete or truncate it, whoever asks. Every step may run again (the
// upgrade tests migrate an older index anew).
const triage0008: Migration = {
  async up(db) {
    const steps = [
      sql`
        create table if not exists analysts (
          id text primary key,
          handle text not null,
          name text not null,
          access jsonb not null,
          seen_at bigint not null
        )`,
      sql`create index if not exists analysts_handle on analysts (lower(handle))`,
      sql`
        create table if not exists triage_alarms (
          deployment text not null,
          uuid uuid not null,
          owner_id text,
          owned_at bigint,
          acknowledged_by text,
          acknowledged_at bigint,
          notes integer not null default 0,
          updated_at bigint not null,
          primary key (deployment, uuid)
        )`,
      sql`create index if not exists triage_alarms_owner on triage_alarms (deployment, owner_id)`,
      sql`
        create table if not exists triage_notes (
          id uuid primary key,
          deployment text not null,
          uuid uuid not null,
          author_id text not null,
          text text not null,
          created_at bigint not null,
          edited_at bigint,
          deleted_at bigint
        )`,
      sql`create index if not exists triage_notes_alarm on triage_notes (deployment, uuid, created_at)`,
      sql`
        create table if not exists triage_audit (
          id bigint generated always as identity primary key,
          at bigint not null,
          analyst_id text not null,
          deployment text not null,
          uuid uuid,
          action text not null,
          before jsonb,
          after jsonb
        )`,
      sql`create index if not exists triage_audit_alarm on triage_audit (deployment, uuid, id)`,
      sql`create index if not exists triage_audit_at on triage_audit (at, id)`,
      sql`
        create or replace function triage_audit_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'the audit trail is append-only';
        end
        $$`,
      sql`drop trigger if exists triage_audit_append_only on triage_audit`,
      sql`
        create trigger triage_audit_append_only before update or delete or truncate
        on triage_audit for each statement execute function triage_audit_append_only()`,
      sql`
        create table if not exists saved_views (
          id uuid primary key,
          owner_id text not null,
          name text not null,
          view text not null,
          shared boolean not null,
          created_at bigint not null,
          updated_at bigint not null
        )`,
      // A name is its owner's once, whatever its case: held by the database, so that two saves
      // at once cannot both take it (and the owner's list reads this index).
      sql`create unique index if not exists saved_views_owner_name on saved_views (owner_id, lower(name))`,
      sql`create index if not exists saved_views_shared on saved_views (shared) where shared`,
    ];
    await runSteps(db, steps);
  },
};

export const MIGRATIONS: Record<string, Migration> = {
  "0001-index": index0001,
  "0002-pivots": pivots0002,
  "0003-search-sort": searchSort0003,
  "0004-search-words": searchWords0004,
  "0005-search-narrow": searchNarrow0005,
  "0006-search-ingest": searchIngest0006,
  "0007-list-orders": listOrders0007,
  "0008-triage": triage0008,
};

/** The newest migration this code knows. */
export const LATEST_MIGRATION = Object.keys(MIGRATIONS).sort().at(-1)!;

/**
 * Whether a newer version of the console has migrated the database past what this code knows:
 * its writes would then be of the old shape (a replica still running during an upgrade).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration table is Kysely's
export async function schemaIsNewer(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1`.execute(db);
  return (rows[0]?.name ?? "") > LATEST_MIGRATION;
}

/** Brings the database to the latest migration; throws what failed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Migrator takes any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName;
    throw new Error(`database migration ${failed ?? ""} failed`.replace("  ", " "), {
      cause: error,
    });
  }
}
