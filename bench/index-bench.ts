// `npm run bench -- index`: the index at a million alarms, PGlite and PostgreSQL side by side, the
// same SQL: a search page (and its count) for free text, an address, a CIDR, a user and a free text
// with two filters, newest first; a pivot count; groups of the last 7 days by one field and by
// three; several values of a filter (exact counts); what dropping a month costs; the process's memory. The databases are built once by bench/index-build.ts (kept in .bench-index/).
import { groupAlarms } from "../lib/server/index/groups";
import { indexedOverviewPart } from "../lib/server/index/overview";
import { OVERVIEW_PARTS } from "../lib/shared/overview/plan";
import { parseSearch } from "../lib/server/index/query-language/parse";
import { pivotCounts } from "../lib/server/index/pivots";
import { readIndex } from "../lib/server/index/read-index";
import { searchAlarmPage } from "../lib/server/index/search";
import { pivotValues } from "../lib/shared/search/pivot-link";
import { DEFAULT_QUERY, type AlarmFilters, type AlarmListQuery } from "../lib/shared/alarms/query";
import type { GroupField } from "../lib/shared/alarms/groups";
import type { Engine } from "../lib/server/db";
import { benchDatabase, CORPUS, CORPUS_NOW } from "./index-build";
import { corpusAlarms, externalAddress, hostName, internalAddress, userName } from "./index-corpus";
import { RULES } from "../simulator/taxonomy";
import { percentile } from "./stats";
import {
  benchIndexedQueue,
  benchUpstreamQueue,
  printFigures,
  type QueueFigures,
} from "./queue-bench";

const RUNS = 40;
const DAY = 24 * 3600_000;

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
];

async function time<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function row(name: string, times: number[], target?: number): string {
  const p50 = percentile(times, 50);
  const p99 = percentile(times, 99);
  const verdict =
    target === undefined ? "" : p99 <= target ? ` ≤ ${target} ok` : ` > ${target} MISSED`;
  return `  ${name.padEnd(42)} p50 ${p50.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms${verdict}`;
}

/** The queue of every deployment and the overview from each engine's index, for the side by side. */
const indexedQueues = new Map<Engine, QueueFigures>();

async function benchEngine(engine: Engine): Promise<void> {
  const built = await benchDatabase(engine);
  const { db } = built.database;
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
          readIndex(built.database, (tx) => searchAlarmPage(tx, request, CORPUS_NOW)),
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
            readIndex(built.database, (tx) => searchAlarmPage(tx, request, CORPUS_NOW)),
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

/**
 * One field, then three (a multi-valued one among them), over 7 days of one deployment; and a
 * search's few alarms over all time, by address (the side rows read by the alarms' keys).
 */
const GROUPINGS: {
  fields: GroupField[];
  targets: [number, number];
  search?: (n: number) => string;
}[] = [
  { fields: ["strategy"], targets: [300, 600] },
  { fields: ["src_ip"], targets: [300, 600] },
  { fields: ["user"], targets: [300, 600] },
  { fields: ["strategy", "method", "priority"], targets: [600, 1_200] },
  { fields: ["strategy", "src_ip", "status"], targets: [600, 1_200] },
  { fields: ["src_ip"], targets: [300, 600], search: (n) => `user:${userName(n * 29)}` },
];

async function benchGroups(
  database: Awaited<ReturnType<typeof benchDatabase>>["database"],
  engine: Engine,
): Promise<void> {
  const runs = RUNS / 2;
  for (const { fields, targets, search } of GROUPINGS) {
    const times: number[] = [];
    let groups = 0;
    let alarms = 0;
    let most = 0;
    for (let n = 0; n < runs; n++) {
      // The window ends a few minutes apart each run, as rolling ranges do.
      const lte = CORPUS_NOW - n * 300_000;
      const q = search?.(n);
      const parsed = q === undefined ? null : parseSearch(q);
      if (parsed && !parsed.ok) throw new Error(`${q}: ${parsed.problem.message}`);
      const query: AlarmListQuery = {
        ...DEFAULT_QUERY,
        size: 50,
        filters: search ? {} : { timestamp_occured_gte: lte - 7 * DAY, timestamp_occured_lte: lte },
      };
      const request = {
        allowed: ["acme", "globex"],
        deployments: ["acme"],
        search: parsed?.query ?? null,
        query,
        group: fields,
      };
      times.push(
        await time(async () => {
          const page = await readIndex(database, (tx) => groupAlarms(tx, request, CORPUS_NOW));
          groups = page.page.totalElements;
          alarms = page.alarms;
          most = Math.max(most, alarms);
        }),
      );
    }
    const name = `group by ${fields.join(", ")} (${search ? "a user's alarms, all time" : "7 days"})`;
    console.log(row(name, times, targets[engine === "postgres" ? 0 : 1]));
    console.log(
      `    ${alarms.toLocaleString("en")} alarms in ${groups.toLocaleString("en")} groups` +
        (most > alarms ? ` (the largest view: ${most.toLocaleString("en")} alarms)` : ""),
    );
  }
}

/**
 * Several values of a filter (the upstream filters by one, so the index answers): a list page
 * with its exact count (filters alone are counted whole, no cap), first pages and a deep one.
 */
async function benchSeveral(
  database: Awaited<ReturnType<typeof benchDatabase>>["database"],
): Promise<void> {
  const strategies = [...new Set(RULES.map((rule) => rule.strategy))];
  const cases: {
    name: string;
    query: (n: number, lte: number) => Pick<AlarmListQuery, "filters" | "sort" | "page">;
  }[] = [
    {
      name: "open or in review, all time, newest first",
      query: (n) => ({
        filters: { status: ["open", "in_review"] },
        sort: DEFAULT_QUERY.sort,
        page: n % 4 === 3 ? 400 : n % 4,
      }),
    },
    {
      name: "high or medium, 7 days, by priority",
      query: (n, lte) => ({
        filters: {
          priority_label: ["high", "medium"],
          timestamp_occured_gte: lte - 7 * DAY,
          timestamp_occured_lte: lte,
        },
        sort: { field: "priority", direction: "desc" },
        page: n % 3,
      }),
    },
    {
      name: "two strategies and two statuses, 30 days",
      query: (n, lte) => ({
        filters: {
          rule_strategy: [
            strategies[n % strategies.length]!,
            strategies[(n + 3) % strategies.length]!,
          ],
          status: ["open", "closed"],
          timestamp_occured_gte: lte - 30 * DAY,
          timestamp_occured_lte: lte,
        },
        sort: DEFAULT_QUERY.sort,
        page: 0,
      }),
    },
  ];
  for (const { name, query } of cases) {
    const times: number[] = [];
    let total = 0;
    for (let n = 0; n < RUNS / 2; n++) {
      const lte = CORPUS_NOW - n * 300_000;
      const request = {
        allowed: ["acme", "globex"],
        deployments: ["acme"],
        search: null,
        query: { ...DEFAULT_QUERY, size: 50 as const, ...query(n, lte) },
      };
      times.push(
        await time(async () => {
          const page = await readIndex(database, (tx) => searchAlarmPage(tx, request, CORPUS_NOW));
          total = page.page.totalElements;
        }),
      );
    }
    console.log(row(`several values: ${name}`, times));
    console.log(`    ${total.toLocaleString("en")} alarms, counted exactly`);
  }
}

/**
 * The overview of a deployment held whole, from the index (no upstream call): its four sections
 * (priority, status, intent counts and the histogram), one after another, for a day, a week, a
 * month and all time.
 */
async function benchOverview(
  database: Awaited<ReturnType<typeof benchDatabase>>["database"],
): Promise<void> {
  const source = { kind: "index" as const, indexedUpTo: CORPUS_NOW };
  const spans: [string, number | null][] = [
    ["a day", DAY],
    ["7 days", 7 * DAY],
    ["30 days", 30 * DAY],
    ["all time", null],
  ];
  for (const [name, span] of spans) {
    const times: number[] = [];
    for (let n = 0; n < RUNS / 4; n++) {
      const lte = CORPUS_NOW - n * 300_000;
      const filters: AlarmFilters =
        span === null ? {} : { timestamp_occured_gte: lte - span, timestamp_occured_lte: lte };
      const query: AlarmListQuery = { ...DEFAULT_QUERY, filters };
      times.push(
        await time(() =>
          readIndex(database, async (tx) => {
            for (const part of OVERVIEW_PARTS) {
              await indexedOverviewPart(tx, ["acme"], part, query, CORPUS_NOW, source);
            }
          }),
        ),
      );
    }
    console.log(row(`overview from the index, 4 sections (${name})`, times));
  }
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
