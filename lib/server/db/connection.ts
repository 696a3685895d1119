import "server-only";
import { Kysely, PostgresDialect } from "kysely";
import { join } from "node:path";
import pg from "pg";
import { lockDirectory } from "./lock";
import { migrateToLatest } from "./migrations";
import { PgliteThread } from "./pglite-thread";
import { ThreadDialect } from "./thread-dialect";
import type { Database } from "./schema";

// One connection module for what lasts: PGlite in a thread of its own by default (its data in a
// directory, behind our lock file), or a PostgreSQL server every replica shares (DATABASE_URL).
// The same schema, migrations and queries run on both: Kysely over PGlite's thread or its
// PostgreSQL dialect over node-postgres. bigint columns (our epoch-ms times) and counts are read
// as numbers on both (they stay far below 2^53).

export type Engine = "pglite" | "postgres";

export interface ConsoleDatabase {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
  /** Closes the connections (and lets PGlite's directory go). */
  close(): Promise<void>;
  /** PGlite: its data directory as a tarball (tests keep a migrated one to start from). */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * Per sort or bitmap of a query (both engines). With the default 4 MB a common word's bitmap over
 * a million documents went lossy, and every row of its pages was re-tested (a count of "logon":
 * 450 ms). JIT is off on PostgreSQL: the index's queries are short, and compiling one cost a
 * common word's count 17 ms (PGlite has none). So are parallel workers: starting two for a
 * search's count and page cost free text with two filters 140 ms where one process takes 50
 * (2 cores), and analysts searching at once would share the cores with each other's workers.
 */
const WORK_MEM = "32MB";

const INT8 = 20;
const NUMERIC = 1700;

export interface OpenOptions {
  /** A PostgreSQL server's URL; else PGlite. */
  databaseUrl?: string;
  /** PGlite's directory; "memory://" keeps it in memory (tests). */
  dir?: string;
  /** Connections to the server (PostgreSQL). */
  poolSize?: number;
  /** The longest a statement may run (ms) on PostgreSQL before it is cancelled. */
  statementTimeoutMs?: number;
  /** PGlite: a data directory to start from (tests start from one already migrated). */
  loadDataDir?: Blob;
}

// Which engine a Kysely instance of ours runs on (a feature handed only `db` may need to know).
const ENGINES = new WeakMap<Kysely<Database>, Engine>();

/** The engine `db` (opened here) runs on; PostgreSQL for one opened elsewhere. */
export function engineOf(db: Kysely<Database>): Engine {
  return ENGINES.get(db) ?? "postgres";
}

/** Opens the database and brings its schema to the latest migration. */
export async function openDatabase(options: OpenOptions): Promise<ConsoleDatabase> {
  const opened = options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : await openPglite(options.dir ?? "memory://", options.loadDataDir);
  ENGINES.set(opened.db, opened.engine);
  try {
    await migrateToLatest(opened.db);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

function openPostgres(url: string, options: OpenOptions): ConsoleDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    options: `-c jit=off -c max_parallel_workers_per_gather=0 -c work_mem=${WORK_MEM}`,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8 || oid === NUMERIC
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server dropped (a restart) must not crash the process: the pool
  // makes a new one at the next query.
  pool.on("error", () => undefined);
  // Nor one in use: a client checked out when the server goes away can be told so (a socket
  // reset) while none of its queries is under way to take it; it emits that as "error", which
  // the pool listens to only on idle clients: an uncaught exception (seen when PostgreSQL was
  // stopped under the index's sync). Its queries fail on their own, and it is not reused.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: "postgres", close: () => db.destroy() };
}

async function openPglite(dir: string, loadDataDir?: Blob): Promise<ConsoleDatabase> {
  const inMemory = dir.startsWith("memory://");
  const lock = inMemory ? null : lockDirectory(dir);
  try {
    const pglite = await PgliteThread.start({
      dataDir: inMemory ? dir : join(dir, "pgdata"),
      workMem: WORK_MEM,
      ...(loadDataDir && { loadDataDir }),
    });
    const db = new Kysely<Database>({ dialect: new ThreadDialect(pglite) });
    return {
      db,
      engine: "pglite",
      dumpDataDir: () => pglite.dumpDataDir(),
      close: async () => {
        await db.destroy(); // closes the thread
        await pglite.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
