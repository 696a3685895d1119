import "server-only";
import { sql, type Migration } from "kysely";
import { runSteps } from "@/lib/server/db/migrations/steps";

// Closing the loop (issue 37): an alarm's verdict is the team's, beside owner and acknowledgement
// on its triage row (who closed it, when, what it was, why, and the alarm it duplicates). The
// label each verdict maps to in USM is written back through a durable queue: one row per label
// of an alarm that should be on (`wanted`) or off, claimed by one worker across replicas (a lease
// that runs out if its holder dies), retried with backoff, its outcome kept for the analyst to
// see. A verdict never waits for, nor is lost to, the upstream. Every step may run again.
export const migration: Migration = {
  async up(db) {
    const steps = [
      sql`alter table triage_alarms add column if not exists closed_by text`,
      sql`alter table triage_alarms add column if not exists closed_at bigint`,
      sql`alter table triage_alarms add column if not exists verdict text`,
      sql`alter table triage_alarms add column if not exists close_reason text`,
      sql`alter table triage_alarms add column if not exists duplicate_of uuid`,
      sql`create index if not exists triage_alarms_closed on triage_alarms (deployment, closed_at)`,
      sql`
        create table if not exists label_jobs (
          deployment text not null,
          uuid uuid not null,
          label_id text not null,
          wanted boolean not null,
          state text not null,
          attempts integer not null default 0,
          due_at bigint not null,
          claimed_by text,
          claimed_until bigint,
          message text,
          requested_by text not null,
          updated_at bigint not null,
          primary key (deployment, uuid, label_id)
        )`,
      sql`create index if not exists label_jobs_due on label_jobs (due_at) where state = 'pending'`,
    ];
    await runSteps(db, steps);
  },
};
