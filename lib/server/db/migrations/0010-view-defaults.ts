import "server-only";
import { sql, type Migration } from "kysely";
import { runSteps } from "@/lib/server/db/migrations/steps";

// An analyst's default views (issue 37): the saved view a deployment's list, and the one the
// queue of every deployment, opens on when reached bare (no query of its own). One per analyst
// per kind ("deployment" or "all"). No foreign key on the view: deleting or unsharing a view
// removes it as a default in the same transaction (lib/server/triage/view-defaults.ts), and a
// default whose view is gone or out of reach is ignored when read; a key would also make every
// `truncate saved_views` name this table too. Every step may run again.
export const migration: Migration = {
  async up(db) {
    const steps = [
      sql`
        create table if not exists view_defaults (
          owner_id text not null,
          kind text not null,
          view_id uuid not null,
          updated_at bigint not null,
          primary key (owner_id, kind)
        )`,
      sql`create index if not exists view_defaults_view on view_defaults (view_id)`,
    ];
    await runSteps(db, steps);
  },
};
