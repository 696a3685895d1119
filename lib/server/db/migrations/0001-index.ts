import "server-only";
import { sql, type Migration } from "kysely";

export const migration: Migration = {
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
