import "server-only";
import { sql, type Transaction } from "kysely";
import { databaseState, type ConsoleDatabase, type Database } from "@/lib/server/db";
import { ApiError } from "@/lib/shared/core/errors";

// How an analyst's read of the index runs (search, suggestions; pivots may share it): this
// process's database or 503 index_unavailable saying why; one read-only transaction, so a
// count and its page see one snapshot; on PostgreSQL a statement timeout of its own, so a
// search too costly for the server is refused (400 on `q`, "narrow it") rather than holding a
// connection. PGlite runs in this process's thread and cannot interrupt a statement: there the
// parser's limits (length, depth, terms) are what bounds a search.

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

// PostgreSQL's codes (and node's) for a server that is gone, restarting or unreachable.
const GONE = /^(08|57P0[1-3]|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND)/;
const GONE_MESSAGE = /connection terminated|timeout exceeded when trying to connect|not queryable/i;
const CANCELLED = "57014";

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

/** What a failed read means to the analyst: too slow (400), the server gone (503), or ours. */
export function readFailure(error: unknown, param: string): unknown {
  if (error instanceof ApiError) return error;
  const code = codeOf(error);
  if (code === CANCELLED) {
    return new ApiError(
      "invalid_request",
      `${param}: this search took too long (over ${SEARCH_STATEMENT_TIMEOUT_MS / 1000} s): ` +
        "narrow it, say with a time range, a field or a longer term",
      { param, cause: error },
    );
  }
  const message = error instanceof Error ? error.message : "";
  if (GONE.test(code) || GONE_MESSAGE.test(message)) {
    return new ApiError(
      "index_unavailable",
      "The index cannot answer here: the PostgreSQL server (DATABASE_URL) cannot be reached.",
      { cause: error },
    );
  }
  return error;
}

/**
 * Runs `work` in one read-only transaction of `database`, with the statement timeout on
 * PostgreSQL; what fails is said as readFailure says it (`param`: the parameter to blame when
 * the read is too slow).
 */
export async function readIndex<T>(
  database: ConsoleDatabase,
  work: (db: Transaction<Database>) => Promise<T>,
  { param = "q", timeoutMs = SEARCH_STATEMENT_TIMEOUT_MS } = {},
): Promise<T> {
  try {
    return await database.db.transaction().execute(async (tx) => {
      await sql`set transaction read only`.execute(tx);
      if (database.engine === "postgres") {
        await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(tx);
      }
      return work(tx);
    });
  } catch (error) {
    throw readFailure(error, param);
  }
}
