import "server-only";
import { sql, type Migration } from "kysely";
import { runSteps } from "@/lib/server/db/migrations/steps";

// The team's triage (issue 23): the only data in this database that is ours, not the upstream's.
// Owners, acknowledgements and notes per alarm, the analysts who have used the console (to assign
// to and to name), saved views, and the audit trail of every triage action. The sync never
// touches these tables; rebuilding the index leaves them whole. The trail is append-only: a
// trigger refuses to update, delete or truncate it, whoever asks. Every step may run again (the
// upgrade tests migrate an older index anew).
export const migration: Migration = {
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
