// `npm run bench -- index`: the index at a million alarms, PGlite and PostgreSQL side by side, the
// same SQL: a search page (and its count) for free text, an address, a CIDR, a user and a free text
// with two filters, newest first; a pivot count; groups of the last 7 days by one field and by
// three; several values of a filter (exact counts); what dropping a month costs; the process's memory. The databases are built once by bench/index-build.ts (kept in .bench-index/).
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { pivotCounts } from "@/lib/server/search/pivots";
import { readIndex } from "@/lib/server/search/read-index";
import { searchAlarmPage } from "@/lib/server/search/search";
import { pivotValues } from "../lib/shared/search/pivot-link";
import { DEFAULT_QUERY, type AlarmFilters, type AlarmListQuery } from "../lib/shared/alarms/query";
import type { Engine } from "../lib/server/db";
import { benchDatabase, CORPUS, CORPUS_NOW } from "./index-build";
import { corpusAlarms, externalAddress, hostName, internalAddress, userName } from "./index-corpus";
import { seedBenchNotes } from "./index-notes";
import { DAY, row, RUNS, time } from "./index-timing";
import { benchGroups, benchOverview, benchSeveral } from "./index-views";
import {
  benchIndexedQueue,
  benchUpstreamQueue,
  printFigures,
  type QueueFigures,
} from "./queue-bench";

interface Shape {
  name: string;
  /** The q and filters of run `n` (varied, so no answer is a cached one). */
  run(n: number): { q: string; filters?: AlarmFilters };
  /** p99 targets (ms) on PostgreSQL and PGlite. */
  targets: [number, number];
}

const SEARCHES: Shape[] = [
  { name: "free text (a host's name)", run: (n) => ({ q: hostName(n * 37) }), targets: [100, 250] },
  {
    name: "an address (source or destination)",
    run: (n) => ({ q: n % 2 ? internalAddress(n * 53) : externalAddress(n * 911) }),
    targets: [100, 250],
  },
  {
    name: "a CIDR (/16, sparse to dense)",
    run: (n) => ({ q: `ip:${45 + (n % 150)}.${n % 7}.0.0/16` }),
    targets: [100, 250],
  },
  { name: "a user", run: (n) => ({ q: `user:${userName(n * 29)}` }), targets: [100, 250] },
  {
    name: "free text and two filters, newest first",
    run: (n) => ({
      q: `"${["failed", "logon", "brute", "powershell", "dns"][n % 5]}" priority >= 50`,
      filters: { status: ["open"] },
    }),
    targets: [100, 250],
  },
  // A ticket number alone, which only the team's notes hold (./index-notes.ts).
  {
    name: "a ticket number in notes",
    run: (n) => ({ q: `INC-${4000 + (n % 600)}` }),
    targets: [100, 250],
  },
];

/** The queue of every deployment and the overview from each engine's index, for the side by side. */
const indexedQueues = new Map<Engine, QueueFigures>();

async function benchEngine(engine: Engine): Promise<void> {
  const built = await benchDatabase(engine);
  const { db } = built.database;
  await seedBenchNotes(db);
  // Searches run as the API runs them: one read-only transaction with its settings.
  try {
    console.log(`\n${engine}: ${CORPUS.toLocaleString("en")} alarms`);
    if (built.ingestRate) console.log(`  ingest (this run): ${built.ingestRate.toFixed(0)} rows/s`);
    const all = ["acme", "globex"];
    // One pass first, unmeasured: a console in use has its indexes' hot pages in memory; the
    // first query after a start reads them from disk (that cold pass is reported apart).
    const cold: number[] = [];
    for (const shape of SEARCHES) {
      const { q, filters = {} } = shape.run(RUNS);
      const parsed = parseSearch(q);
      if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.message}`);
      const query: AlarmListQuery = { ...DEFAULT_QUERY, size: 50, filters };
      const request = { allowed: all, deployments: ["acme"], search: parsed.query, query };
      cold.push(
        await time(() =>
          readIndex(built.database, (tx) => searchAlarmPage(tx, request, CORPUS_NOW), {
            analyst: null,
          }),
        ),
      );
    }
    console.log(
      `  cold first searches after opening: ${cold.map((t) => t.toFixed(0)).join(", ")} ms`,
    );
    for (const shape of SEARCHES) {
      const times: number[] = [];
      for (let n = 0; n < RUNS; n++) {
        const { q, filters = {} } = shape.run(n);
        const parsed = parseSearch(q);
        if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.message}`);
        const query: AlarmListQuery = { ...DEFAULT_QUERY, size: 50, filters };
        const request = { allowed: all, deployments: ["acme"], search: parsed.query, query };
        times.push(
          await time(() =>
            readIndex(built.database, (tx) => searchAlarmPage(tx, request, CORPUS_NOW), {
              analyst: null,
            }),
          ),
        );
      }
      console.log(
        row(
          `search page + count: ${shape.name}`,
          times,
          shape.targets[engine === "postgres" ? 0 : 1],
        ),
      );
    }
    // A detail's pivots: every value it shows (addresses, hosts, user, sensor, strategy, method,
    // technique) counted over the last 7 days, in the one call the detail makes.
    const pivots: number[] = [];
    const window = { gte: CORPUS_NOW - 7 * DAY, lte: CORPUS_NOW };
    for (let n = 0; n < RUNS; n++) {
      const alarm = corpusAlarms(n * 977, n * 977 + 1, CORPUS_NOW)[0]!;
      const values = pivotValues(alarm.summary);
      const deployment = alarm.summary.deployment;
      pivots.push(await time(() => pivotCounts(db, deployment, values, window)));
    }
    console.log(row("pivot counts (a detail's values, 7 days)", pivots, 50));
    await benchGroups(built.database, engine);
    await benchOverview(built.database);
    await benchSeveral(built.database);
    indexedQueues.set(engine, await benchIndexedQueue(built.database));
  } finally {
    await built.close();
  }
  const rss = process.memoryUsage().rss / 2 ** 20;
  console.log(`  process memory after: ${rss.toFixed(0)} MB RSS`);
}

export async function benchIndex(): Promise<void> {
  const engines = process.argv.includes("--pglite")
    ? (["pglite"] as const)
    : process.argv.includes("--postgres")
      ? (["postgres"] as const)
      : (["postgres", "pglite"] as const);
  for (const engine of engines) await benchEngine(engine);
  // Old and new in one run: today's queue by time and overview from each upstream, at 1M alarms.
  console.log("\nthe queue of every deployment and the overview, 1M alarms in two deployments:");
  printFigures(
    `from each upstream (2 x ${(500_000).toLocaleString("en")} alarms, 50 ms latency)`,
    await benchUpstreamQueue(),
  );
  for (const [engine, figures] of indexedQueues)
    printFigures(`from the index (${engine})`, figures);
}
