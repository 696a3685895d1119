// `npm run bench -- index-sync`: the index's sync (lib/server/mirror/sync, started as the services
// start it, with the defaults of INDEX_*) against the simulator in a child process (one deployment,
// 100,000 alarms, 50 ms latency), on PGlite (a fresh directory) and PostgreSQL (a server of its
// own): the backfill's wall time, rows/s and GETs at INDEX_PAGE_SIZE 500 (the default) and 1,000
// (the simulator's largest), where its time went, then what following costs with nothing new.
// Targets (issue 21): the backfill within 60 s, limited by the share, not by our ingest; following
// one GET per interval plus reconciliation at most 0.2 GET/s.
//   npm run bench -- index-sync [--pglite | --postgres] [--alarms=5000] [--follow=60]
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance as nodePerformance } from "node:perf_hooks";
import { sql } from "kysely";
import { openDatabase, type ConsoleDatabase, type Engine } from "../lib/server/db";
import { indexVariables } from "../lib/server/env/index-db";
import { readUpstream } from "../lib/server/env/usm";
import { IndexSync } from "@/lib/server/mirror/sync";
import { MemoryStore } from "../lib/server/store/memory";
import { createUsmClient } from "../lib/server/usm/client";
import type { SimulatorStats } from "../simulator/types";
import { metricValue } from "../test/metrics";
import { startPostgresServer } from "../test/postgres-server";
import { startSimulatorProcess, type SimulatorProcess } from "./simulator-process";
import { noTimings, StatementTimer, timed, type Timings } from "./sync-timings";

const LATENCY_MS = 50;
const CLIENT = { id: "bench-index-sync", secret: "bench-index-sync-secret" };
const TARGET_BACKFILL_S = 60;
const RECONCILE_TARGET_PER_S = 0.2;
/** A backfill still running after this long is reported as such. */
const GIVE_UP_MS = 15 * 60_000;

const argument = (name: string, fallback: number) => {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.slice(name.length + 3)) : fallback;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const gets = (stats: SimulatorStats) => stats.byRoute.alarms + stats.byRoute.alarm;

/** Fresh, empty databases of one engine, one per run. */
async function databasesOf(engine: Engine) {
  if (engine === "postgres") {
    const server = await startPostgresServer();
    return {
      label: "PostgreSQL 15 (a server of its own, fsync off as in the tests)",
      open: async () => openDatabase({ databaseUrl: await server.createDatabase() }),
      close: () => server.close(),
    };
  }
  const dirs: string[] = [];
  return {
    label: "PGlite (a fresh directory)",
    open: () => {
      dirs.push(mkdtempSync(join(tmpdir(), "alarm-console-bench-sync-")));
      return openDatabase({ dir: dirs.at(-1)! });
    },
    close: async () => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })),
  };
}

interface Run {
  pageSize: number;
  wallMs: number | null;
  indexed: number;
  gets: number;
  reads: Record<"backfill" | "follow" | "reconcile", number>;
  timings: Timings;
  /** GETs per second the sync's share allows. */
  sharePerSecond: number;
  peakRssMb: number;
  /** How busy this process's thread was during the backfill (0 to 1): PGlite's work is on it. */
  busy: number;
  follow: {
    ms: number;
    intervalMs: number;
    gets: number;
    follow: number;
    reconcile: number;
  } | null;
}

/** One backfill of the whole deployment into `database`, then `followMs` of following. */
async function runSync(
  sim: SimulatorProcess,
  database: ConsoleDatabase,
  pageSize: number,
  followMs: number,
): Promise<Run> {
  const key = `bench-${database.engine}-${pageSize}`;
  const index = indexVariables.parse({ INDEX_PAGE_SIZE: String(pageSize) });
  const upstream = readUpstream({
    USM_BASE_URL: sim.url,
    USM_CLIENT_ID: CLIENT.id,
    USM_CLIENT_SECRET: CLIENT.secret,
  });
  if (!upstream.ok) throw new Error(`upstream variables: ${JSON.stringify(upstream.problems)}`);
  const config = upstream.value.deployments[0]!;
  const store = new MemoryStore();
  const timings = noTimings();
  // As lib/server/deployments/registry.ts makes a deployment's client.
  const client = timed(
    createUsmClient({
      ...config,
      deployment: key,
      cacheTtlMs: upstream.value.usm.cacheTtlMs,
      store,
      shares: { index: index.budgetShare },
    }),
    timings,
  );
  const db = database.db.withPlugin(new StatementTimer(timings));
  const before = await sim.stats();
  const started = performance.now();
  const eluFrom = nodePerformance.eventLoopUtilization();
  const sync = new IndexSync({
    deployments: [{ key, client: () => client }],
    store,
    index,
    database: () => Promise.resolve({ ok: true, database: { ...database, db } }),
  });
  let peakRss = 0;
  let wallMs: number | null = null;
  let busy = 0;
  try {
    const progress = () =>
      metricValue("alarm_console_index_backfill_progress_ratio", { deployment: key });
    while (performance.now() - started < GIVE_UP_MS) {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (!sim.running) throw new Error("the simulator's process has exited mid-run");
      if ((await progress()) >= 1) {
        wallMs = performance.now() - started;
        busy = nodePerformance.eventLoopUtilization(eluFrom).utilization;
        break;
      }
      await sleep(100);
    }
    const worker = sync.workers[0]!;
    const reads = { ...worker.reads() };
    const after = await sim.stats();
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from alarms where deployment = ${key}`.execute(database.db);
    let follow: Run["follow"] = null;
    if (followMs > 0 && wallMs !== null) {
      // The sync's and the simulator's counts together (a read under way may fall either side).
      const [readsFrom, getsFrom] = [worker.reads(), gets(await sim.stats())];
      await sleep(followMs);
      if (!sim.running) throw new Error("the simulator's process has exited mid-run");
      const [readsTo, getsTo] = [worker.reads(), gets(await sim.stats())];
      follow = {
        ms: followMs,
        intervalMs: index.intervalMs,
        gets: getsTo - getsFrom,
        follow: readsTo.follow - readsFrom.follow,
        reconcile: readsTo.reconcile - readsFrom.reconcile,
      };
    }
    return {
      pageSize,
      wallMs,
      indexed: rows[0]!.n,
      gets: gets(after) - gets(before),
      reads,
      timings,
      sharePerSecond: config.getPerSecond * index.budgetShare,
      peakRssMb: peakRss / 2 ** 20,
      busy,
      follow,
    };
  } finally {
    await sync.stop();
  }
}

/**
 * What bounds the backfill. The next page is read while the last is written, so the upstream's
 * time and ours overlap: our side bounds it when its own work (parsing the pages, the database's
 * statements) fills most of the wall time, the share when its waits do, else the upstream.
 */
function limitOf(run: Run, wallMs: number): string {
  const { shareWaitMs, parseMs, databaseMs } = run.timings;
  if (parseMs + databaseMs >= 0.8 * wallMs || run.busy >= 0.9) return "our side (ingest)";
  return shareWaitMs >= 0.5 * wallMs ? "the share" : "the upstream's answers";
}

function report(run: Run, alarms: number): void {
  const { timings, reads } = run;
  const name = `backfill ${alarms.toLocaleString("en")}, page ${run.pageSize.toLocaleString("en")}`;
  if (run.wallMs === null) {
    console.log(`  ${name.padEnd(30)} not done within ${seconds(GIVE_UP_MS)} MISSED`);
    return;
  }
  const rate = (run.indexed / run.wallMs) * 1000;
  const verdict = run.wallMs <= TARGET_BACKFILL_S * 1000 ? "ok" : "MISSED";
  console.log(
    `  ${name.padEnd(30)} ${seconds(run.wallMs).padStart(8)}  ${Math.round(rate).toLocaleString("en").padStart(6)} rows/s  ` +
      `${run.gets} GETs (backfill ${reads.backfill}, follow ${reads.follow}, reconcile ${reads.reconcile})  ` +
      `≤ ${TARGET_BACKFILL_S} s ${verdict}` +
      (run.indexed === alarms ? "" : `  (indexed ${run.indexed}, not ${alarms}!)`),
  );
  const perPage = (ms: number) => `${(ms / Math.max(1, run.gets)).toFixed(0)} ms/GET`;
  const limit = limitOf(run, run.wallMs);
  const oursMs = timings.parseMs + timings.databaseMs;
  console.log(
    `    upstream (HTTP, while the last page is written) ${seconds(timings.upstreamMs)} (${perPage(timings.upstreamMs)}), ` +
      `share waits ${seconds(timings.shareWaitMs)}; our side ${seconds(oursMs)} ` +
      `(${Math.round((oursMs / run.wallMs) * 100)}% of the wall): parse ${seconds(timings.parseMs)}, ` +
      `database ${seconds(timings.databaseMs)} (upkeep ${seconds(timings.upkeepMs)}); ` +
      `this process's thread busy ${Math.round(run.busy * 100)}% of it`,
  );
  console.log(
    `    the share alone (${run.sharePerSecond} GET/s) allows ${seconds((run.gets / run.sharePerSecond) * 1000)}` +
      ` -> limited by ${limit} (target: the share) ${limit === "the share" ? "ok" : "MISSED"}; ` +
      `peak RSS ${run.peakRssMb.toFixed(0)} MB`,
  );
}

function reportFollow(follow: NonNullable<Run["follow"]>): void {
  const intervals = follow.ms / follow.intervalMs;
  const perInterval = follow.follow / intervals;
  const reconcilePerS = follow.reconcile / (follow.ms / 1000);
  // A window of n intervals may hold n + 1 follows (one at each edge).
  const ok = follow.follow <= intervals + 1 && reconcilePerS <= RECONCILE_TARGET_PER_S;
  console.log(
    `  ${`follow ${seconds(follow.ms)}, interval ${seconds(follow.intervalMs)}`.padEnd(30)} ` +
      `${follow.gets} GETs: follow ${perInterval.toFixed(2)} GET/interval (${follow.follow}; goal 1), ` +
      `reconcile ${reconcilePerS.toFixed(2)} GET/s (${follow.reconcile}; ≤ ${RECONCILE_TARGET_PER_S}) ` +
      (ok ? "ok" : "MISSED"),
  );
}

async function benchEngine(engine: Engine, sim: SimulatorProcess, alarms: number): Promise<void> {
  const databases = await databasesOf(engine);
  const followMs = argument("follow", 60) * 1000;
  try {
    console.log(`\n${databases.label}`);
    // The default page size, then its following; the largest page size the simulator serves.
    for (const [pageSize, follow] of [
      [500, followMs],
      [1_000, 0],
    ] as const) {
      const database = await databases.open();
      try {
        const run = await runSync(sim, database, pageSize, follow);
        report(run, alarms);
        if (run.follow) reportFollow(run.follow);
      } finally {
        await database.close();
      }
    }
  } finally {
    await databases.close();
  }
}

export async function benchIndexSync(): Promise<void> {
  const alarms = argument("alarms", 100_000);
  const engines: Engine[] = process.argv.includes("--pglite")
    ? ["pglite"]
    : process.argv.includes("--postgres")
      ? ["postgres"]
      : ["pglite", "postgres"];
  const sim = await startSimulatorProcess({ alarms, latencyMs: LATENCY_MS, client: CLIENT });
  try {
    const index = indexVariables.parse({});
    console.log(
      `simulator (child process): ${alarms.toLocaleString("en")} alarms, ${LATENCY_MS} ms latency, one deployment; ` +
        `INDEX_BUDGET_SHARE ${index.budgetShare}, interval ${seconds(index.intervalMs)}; ` +
        `${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)} (others' work counts in the figures)`,
    );
    for (const engine of engines) await benchEngine(engine, sim, alarms);
  } finally {
    sim.stop();
  }
}
