import "server-only";
import { sql, type Transaction } from "kysely";
import { databaseState, type ConsoleDatabase, type Database } from "@/lib/server/db";
import { ApiError } from "@/lib/shared/core/errors";

// How an analyst's read of the index runs (search, suggestions): this process's database or 503
// index_unavailable saying why; one read-only transaction, so a count and its page see one
// snapshot; on PostgreSQL a statement timeout of its own, so a search too costly for the server
// is cut short (the API refuses it: 400 on `q`, "narrow it") rather than holding a connection.
// PGlite runs in this process's thread and cannot interrupt a statement (measured: it ignores
// statement_timeout): there the parser's limits (length, depth, terms) are what bound a search.

/** The longest one statement of an analyst's read may run on PostgreSQL. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 5_000;

/** This process's database, or 503 index_unavailable with the reason it has none. */
export async function indexDatabase(): Promise<ConsoleDatabase> {
  const state = await databaseState();
  if (!state.ok) {
    throw new ApiError("index_unavailable", `The index cannot answer here: ${state.reason}.`);
  }
  return state.database;
}

/** Whether a statement was cancelled by the statement timeout (PostgreSQL's 57014). */
export function isTooSlow(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "57014";
}

/**
 * Runs `work` in one read-only transaction of `database`, with the statement timeout on
 * PostgreSQL (isTooSlow tells its failure from others).
 */
export async function readIndex<T>(
  database: ConsoleDatabase,
  work: (db: Transaction<Database>) => Promise<T>,
  timeoutMs = SEARCH_STATEMENT_TIMEOUT_MS,
): Promise<T> {
  // Repeatable read: on PostgreSQL a transaction reads committed by default, a new snapshot per
  // statement, so the prefixes' words, the count and the page could each see another sync's write
  // (an alarm whose text gained a word between the words' lookup and the count was missed).
  return database.db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (tx) => {
      await sql`set transaction read only`.execute(tx);
      // The index's hot pages are in memory (PGlite's always are): a random read costs about what
      // a sequential one does. At the default (4) PostgreSQL hashed a user's 5,000 alarms against
      // a scan of all 200,000 (88 ms) rather than probe them by key (35 ms; measured with this
      // file's search at 200k alarms, ANALYZEd).
      await sql`select set_config('random_page_cost', '1.1', true)`.execute(tx);
      if (database.engine === "postgres") {
        await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(tx);
      }
      return work(tx);
    });
}
