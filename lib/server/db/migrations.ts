import "server-only";
import { Migrator, sql, type Kysely, type Migration } from "kysely";
import { migration as m0001 } from "@/lib/server/db/migrations/0001-index";
import { migration as m0002 } from "@/lib/server/db/migrations/0002-pivots";
import { migration as m0003 } from "@/lib/server/db/migrations/0003-search-sort";
import { migration as m0004 } from "@/lib/server/db/migrations/0004-search-words";
import { migration as m0005 } from "@/lib/server/db/migrations/0005-search-narrow";
import { migration as m0006 } from "@/lib/server/db/migrations/0006-search-ingest";
import { migration as m0007 } from "@/lib/server/db/migrations/0007-list-orders";
import { migration as m0008 } from "@/lib/server/db/migrations/0008-triage";
import { migration as m0009 } from "@/lib/server/db/migrations/0009-verdicts";
import { migration as m0010 } from "@/lib/server/db/migrations/0010-view-defaults";
import { migration as m0011 } from "@/lib/server/db/migrations/0011-note-search";

// Versioned migrations, in code (Kysely's Migrator: applied in name order, recorded in
// kysely_migration, under a lock, so replicas starting together migrate once). A migration is
// never edited once released; the next change is the next file's: one file a migration, in
// migrations/, named as it is recorded. The index's tables are a
// cache of the upstream: a change to them may drop and refill rather than convert.

export const MIGRATIONS: Record<string, Migration> = {
  "0001-index": m0001,
  "0002-pivots": m0002,
  "0003-search-sort": m0003,
  "0004-search-words": m0004,
  "0005-search-narrow": m0005,
  "0006-search-ingest": m0006,
  "0007-list-orders": m0007,
  "0008-triage": m0008,
  "0009-verdicts": m0009,
  "0010-view-defaults": m0010,
  "0011-note-search": m0011,
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
