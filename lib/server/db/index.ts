import "server-only";
import { serverEnv } from "@/lib/server/env";
import { openDatabase, type ConsoleDatabase } from "./connection";
import { IndexLockedError } from "./lock";

export { engineOf, openDatabase, type ConsoleDatabase, type Engine } from "./connection";
export type { Database } from "./schema";
export { withStatementLimit, statementLimit } from "./statement-limit";

// This process's database: opened once from the environment, on first use (start-up asks
// first). A process that cannot have it still serves everything else; what needs it answers 503
// index_unavailable with the reason this module gives. A PostgreSQL server that is down is asked
// again a few seconds later; a PGlite directory another process holds, or replicas sharing Redis
// without a shared database, are settled for the life of the process.

export type DatabaseState =
  | { ok: true; database: ConsoleDatabase }
  | {
      ok: false;
      /** Why, as analysts may read it (503 index_unavailable). */
      reason: string;
      /** Why, for the operator's log: paths and processes analysts have no business seeing. */
      detail?: string;
      retryAt: number | null;
    };

/** A held PGlite directory, as analysts read it: not its path, not the holder's process. */
const LOCKED_REASON =
  "the embedded index (PGlite) is in use by another console process, and can be opened by one " +
  "process only: the operator's log says which";

const RETRY_MS = 5_000;
const KEY = Symbol.for("alarm-console.database");
type Holder = { [KEY]?: { state: Promise<DatabaseState> } };

async function open(): Promise<DatabaseState> {
  const { index, redisUrl } = serverEnv();
  if (!index.databaseUrl && redisUrl) {
    return {
      ok: false,
      reason:
        "replicas share state through Redis (REDIS_URL) without DATABASE_URL, and the embedded " +
        "index (PGlite) cannot be shared: set DATABASE_URL to a PostgreSQL server",
      retryAt: null,
    };
  }
  try {
    const database = await openDatabase(
      index.databaseUrl ? { databaseUrl: index.databaseUrl } : { dir: index.dir },
    );
    return { ok: true, database };
  } catch (error) {
    if (error instanceof IndexLockedError) {
      return { ok: false, reason: LOCKED_REASON, detail: error.message, retryAt: null };
    }
    return {
      ok: false,
      reason: index.databaseUrl
        ? "the PostgreSQL server (DATABASE_URL) cannot be reached"
        : "the embedded index could not be opened",
      retryAt: Date.now() + RETRY_MS,
    };
  }
}

/** This process's database, or why it has none (logged once per reason). */
export async function databaseState(): Promise<DatabaseState> {
  const holder = globalThis as Holder;
  const current = holder[KEY];
  if (current) {
    const state = await current.state;
    if (state.ok || state.retryAt === null || Date.now() < state.retryAt) return state;
  }
  const state = open();
  holder[KEY] = { state };
  const settled = await state;
  if (!settled.ok) console.warn(`Index unavailable: ${settled.detail ?? settled.reason}`);
  return settled;
}

/** Closes this process's database (shutdown). */
export async function closeDatabase(): Promise<void> {
  const holder = globalThis as Holder;
  const current = holder[KEY];
  delete holder[KEY];
  const state = await current?.state;
  if (state?.ok) await state.database.close();
}
