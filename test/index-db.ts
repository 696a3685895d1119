// The same database suite on both engines: PGlite in this process (in memory) and a real
// PostgreSQL server the file starts on a free port (test/postgres-server.ts). A suite calls
// describeEachEngine and reaches the open database through the getter it is given.
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { openDatabase, type ConsoleDatabase, type Engine } from "@/lib/server/db";
import { forgetRecordedWords } from "@/lib/server/mirror/known-words";
import { openTestPglite } from "./pglite-template";
import { postgresTestsEnabled, startPostgresServer, type PostgresServer } from "./postgres-server";

export interface EngineContext {
  engine: Engine;
  /** The open database (after beforeAll). */
  database(): ConsoleDatabase;
  /** The PostgreSQL server, to stop and start (postgres only). */
  server(): PostgresServer | null;
}

export const ENGINES: Engine[] = postgresTestsEnabled() ? ["pglite", "postgres"] : ["pglite"];

/** Empties every table of the index between tests. */
export async function emptyIndex(database: ConsoleDatabase): Promise<void> {
  await sql`
    truncate alarms, alarm_docs, alarm_words_known, alarm_addresses, alarm_entities, index_sync`.execute(
    database.db,
  );
  forgetRecordedWords(database.db);
}

export function describeEachEngine(name: string, body: (context: EngineContext) => void): void {
  describe.each(ENGINES)(`${name} (%s)`, (engine) => {
    let database: ConsoleDatabase | undefined;
    let server: PostgresServer | null = null;
    beforeAll(async () => {
      if (engine === "postgres") {
        server = await startPostgresServer();
        database = await openDatabase({ databaseUrl: await server.createDatabase() });
      } else {
        database = await openTestPglite();
      }
    });
    afterAll(async () => {
      await database?.close();
      await server?.close();
    });
    beforeEach(async () => {
      if (database) await emptyIndex(database);
    });
    body({
      engine,
      database: () => {
        if (!database) throw new Error("the database is not open yet");
        return database;
      },
      server: () => server,
    });
  });
}
