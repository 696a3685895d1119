import "server-only";
import { sql, type Kysely, type Transaction } from "kysely";
import { FairSlots, type FairSlotLimits } from "@/lib/server/core/fair-slots";
import { recordStatementTimeout, recordTurnRefused } from "@/lib/server/core/metrics";
import {
  databaseState,
  engineOf,
  withStatementLimit,
  type ConsoleDatabase,
  type Database,
  type DatabaseState,
  type Engine,
} from "@/lib/server/db";
import { ApiError } from "@/lib/shared/core/errors";

// How an analyst's read of the index runs (search, groups, suggestions, an export's batch): this
// process's database or 503 index_unavailable saying why; one read-only transaction, so a count
// and its page see one snapshot; a time limit per statement, so a search too costly for the engine
// is cut short (the API refuses it: 400 on `q`, "narrow it") rather than holding it: PostgreSQL's
// statement_timeout, and on PGlite its thread's own (lib/server/db/pglite-thread.ts). And a turn
// first: at most a few such reads at a time in this process and per analyst, handed out fairly
// (lib/server/core/fair-slots.ts), so one analyst's flood of searches or an export's batches never
// take the whole engine. On PGlite, one connection, one read at a time: another analyst's read
// then waits for at most one statement of each analyst ahead, never for a whole export.

/** The longest one statement of an analyst's read may run on PostgreSQL. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 5_000;

/**
 * Reads at a time, per engine. PostgreSQL: 4 of the pool's 10 connections, leaving the rest to the
 * sync, the team's writes and the lists; 2 per analyst, so a list and its search run side by side.
 * PGlite runs one statement at a time whatever we allow, so one: a read holds no turn while it
 * waits for the engine, and the turns decide who is next.
 */
const READ_TURNS: Record<Engine, FairSlotLimits> = {
  postgres: { total: 4, perAnalyst: 2 },
  pglite: { total: 1, perAnalyst: 1 },
};

/** How long a read may wait for its turn before it is answered 503 (the engine is busy). */
const READ_TURN_WAIT_MS = 15_000;

/** Reads for no one (the live queue's watches) share one turn between them. */
const BACKGROUND = "(background)";

const TURNS = new WeakMap<Kysely<Database>, FairSlots>();
function turnsOf(db: Kysely<Database>): FairSlots {
  let turns = TURNS.get(db);
  if (!turns) TURNS.set(db, (turns = new FairSlots(READ_TURNS[engineOf(db)])));
  return turns;
}

/** Whose turn a read waits for, and how long it may. */
export interface IndexTurn {
  /** The analyst's id (from the request's context or scope); null: background work, for no one. */
  analyst: string | null;
  /** The request gone: stop waiting. */
  signal?: AbortSignal;
  /** Default READ_TURN_WAIT_MS; then 503 index_unavailable (the engine is busy). */
  maxWaitMs?: number;
}

/**
 * `work` in `analyst`'s turn at `db`: the reads below, and a bulk action's batches of writes
 * (each waits its turn as a search does, and lets others in between).
 */
export async function withIndexTurn<T>(
  db: Kysely<Database>,
  work: () => Promise<T>,
  { analyst, signal, maxWaitMs = READ_TURN_WAIT_MS }: IndexTurn,
): Promise<T> {
  const release = await turnsOf(db).acquire(analyst ?? BACKGROUND, {
    maxWaitMs,
    timeout: busy,
    signal,
  });
  try {
    return await work();
  } finally {
    release();
  }
}

function busy(): ApiError {
  recordTurnRefused();
  return new ApiError(
    "index_unavailable",
    "The index is busy answering other analysts' searches and exports; try again in a moment.",
    { retryAfterSeconds: 5 },
  );
}

/** Whether this process can read the index: its database, or the reason it has none. */
export function indexState(): Promise<DatabaseState> {
  return databaseState();
}

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
 * Runs `work` in `analyst`'s turn, in one read-only transaction of `database`, with the
 * statement timeout on PostgreSQL (isTooSlow tells its failure from others).
 */
export async function readIndex<T>(
  database: ConsoleDatabase,
  work: (db: Transaction<Database>) => Promise<T>,
  {
    analyst,
    signal,
    timeoutMs = SEARCH_STATEMENT_TIMEOUT_MS,
  }: Omit<IndexTurn, "maxWaitMs"> & { timeoutMs?: number },
): Promise<T> {
  return withIndexTurn(
    database.db,
    () =>
      withStatementLimit(timeoutMs, () => inOneSnapshot(database, work, timeoutMs)).catch(
        (error: unknown) => {
          if (isTooSlow(error)) recordStatementTimeout(database.engine);
          throw error;
        },
      ),
    { analyst, signal },
  );
}

function inOneSnapshot<T>(
  database: ConsoleDatabase,
  work: (db: Transaction<Database>) => Promise<T>,
  timeoutMs: number,
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
