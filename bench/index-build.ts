// Builds (or tops up) the index bench's two databases, each with the corpus's million alarms:
// PGlite in .bench-index/pglite and PostgreSQL with its data in .bench-index/postgres, kept
// between runs (building takes minutes; a second run reuses them). Ingest goes through the
// sync's own write path (ingestAlarms), a page of 1,000 at a time, and its rate is reported.
import { join } from "node:path";
import { sql } from "kysely";
import { openDatabase, type ConsoleDatabase, type Engine } from "../lib/server/db";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { startPostgresServer, type PostgresServer } from "../test/postgres-server";
import { ROOT } from "./bench-app";
import { corpusAlarms } from "./index-corpus";

export const CORPUS = 1_000_000;
/** The corpus's newest alarm: fixed, so every run searches the same days. */
export const CORPUS_NOW = Date.UTC(2026, 10, 1);
const PAGE = 1_000;
const DIR = join(ROOT, ".bench-index");

export interface BenchDatabase {
  engine: Engine;
  database: ConsoleDatabase;
  /** Rows per second of the part ingested in this run (null: nothing to add). */
  ingestRate: number | null;
  close(): Promise<void>;
}

async function countOf(database: ConsoleDatabase): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::bigint as n from alarms`.execute(
    database.db,
  );
  return rows[0]!.n;
}

export async function benchDatabase(engine: Engine, log = console.log): Promise<BenchDatabase> {
  let server: PostgresServer | null = null;
  let database: ConsoleDatabase;
  if (engine === "postgres") {
    server = await startPostgresServer({ keepIn: join(DIR, "postgres") });
    database = await openDatabase({ databaseUrl: server.url, statementTimeoutMs: 60_000 });
  } else {
    database = await openDatabase({ dir: join(DIR, "pglite") });
  }
  const have = await countOf(database);
  let ingestRate: number | null = null;
  if (have < CORPUS) {
    log(`${engine}: ${have} alarms indexed; adding ${CORPUS - have}…`);
    const started = performance.now();
    // The corpus is written oldest first, as a backfill's pages arrive newest first: either way
    // each page is a run of neighbouring times; resuming continues from the count.
    for (let at = have; at < CORPUS; at += PAGE) {
      const alarms = corpusAlarms(at, Math.min(CORPUS, at + PAGE), CORPUS_NOW);
      for (const deployment of new Set(alarms.map((a) => a.summary.deployment))) {
        await ingestAlarms(
          database.db,
          deployment,
          alarms.filter((a) => a.summary.deployment === deployment),
          Date.now(),
        );
      }
      if ((at / PAGE) % 50 === 0) {
        const rate = ((at - have) / (performance.now() - started)) * 1000;
        log(`${engine}: ${at} alarms (${Math.round(rate)} rows/s)`);
      }
    }
    ingestRate = ((CORPUS - have) / (performance.now() - started)) * 1000;
    // As the sync does when a backfill ends (lib/server/mirror/sync/steps.ts: maintainIndex).
    await sql`vacuum (analyze)`.execute(database.db);
  }
  return {
    engine,
    database,
    ingestRate,
    async close() {
      await database.close();
      await server?.close();
    },
  };
}

// `tsx bench/index-build.ts [pglite|postgres]`: build ahead of `npm run bench -- index`.
if (process.argv[1]?.endsWith("index-build.ts")) {
  const engines = (process.argv.slice(2) as Engine[]).filter(
    (e) => e === "pglite" || e === "postgres",
  );
  for (const engine of engines.length ? engines : (["postgres", "pglite"] as Engine[])) {
    const built = await benchDatabase(engine);
    console.log(
      `${engine}: ${CORPUS} alarms; ingest ${built.ingestRate?.toFixed(0) ?? "-"} rows/s`,
    );
    await built.close();
  }
}
