// The export of a 100,000-alarm view (simulator with 50 ms latency, its 100 GET/s limit on):
// rows per second, the server's peak memory growth during the export (goal < 50 MB) and an
// analyst's page read p99 while it runs against an idle run (goal: within 20%). The export runs
// in this process through lib/server/export exactly as the route does (the file is read and dropped);
// the simulator runs in a child process, so its own work neither slows nor bloats the figures.
// Run standalone with `npx tsx --conditions=react-server bench/export-bench.ts`.
import { spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { DEFAULT_QUERY } from "../lib/shared/alarms/query";
import { freezeQuery } from "../lib/server/export/input";
import { startExport } from "../lib/server/export/stream";
import { MemoryStore } from "../lib/server/store/memory";
import { readAlarmPage } from "../lib/server/usm/alarms";
import { createUsmClient, type UsmClient } from "../lib/server/usm/client";
import { ROOT } from "./bench-app";
import { startSimulatorProcess } from "./simulator-process";
import { percentile } from "./stats";

const ALARMS = 100_000;
const LATENCY_MS = 50;
const PAGE_SIZES = [1000, 200, 100, 50] as const;
const IDLE_READS = 200;
const ANALYSTS = 10;
const CLIENT = { id: "bench-export", secret: "bench-export-secret" };
/** How long an analyst looks at a page before opening the next (on average). */
const THINK_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function clientFor(url: string): UsmClient {
  return createUsmClient({
    deployment: "bench",
    baseUrl: url,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    timeoutMs: 10_000,
    cacheTtlMs: 3_000,
    getPerSecond: 100,
    postPerSecond: 50,
    store: new MemoryStore(),
  });
}

/** Analysts paging through the list (a new page each time: no cache). */
function analystReads(client: UsmClient, firstPage: number) {
  let page = firstPage;
  let turn = 0;
  return async (): Promise<number> => {
    const start = performance.now();
    const read = await readAlarmPage(
      { ...DEFAULT_QUERY, page: page++ },
      { client, analyst: `bench.analyst.${turn++ % ANALYSTS}` },
    );
    read.value();
    return performance.now() - start;
  };
}

interface Run {
  size: number;
  rows: number;
  seconds: number;
  rssMb: number;
  heapMb: number;
  during: number[];
}

/** Samples memory from now on (after a full collection); stop() gives the peak growth in MB. */
function memoryPeak(): () => { rssMb: number; heapMb: number } {
  gc();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed + before.external;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.external);
  }, 20);
  return () => {
    clearInterval(sampler);
    return {
      rssMb: (peakRss - before.rss) / 2 ** 20,
      heapMb: (peakHeap - before.heapUsed - before.external) / 2 ** 20,
    };
  };
}

async function exportOnce(client: UsmClient, size: number, firstPage: number): Promise<Run> {
  const memory = memoryPeak();
  const startedAt = Date.now();
  const start = performance.now();
  const response = await startExport({
    analyst: "bench.exporter",
    deployment: "bench",
    client,
    store: new MemoryStore(),
    query: freezeQuery(DEFAULT_QUERY, startedAt),
    search: "",
    zone: "Europe/Berlin",
    format: "csv",
    id: `bench-${size}-${startedAt}`,
    cap: ALARMS,
    signal: new AbortController().signal,
    startedAt,
    pageSizes: [size],
  });
  let exporting = true;
  const read = analystReads(client, firstPage);
  const during: number[] = [];
  // A team reading: each of ANALYSTS opens a page, reads it for a while, opens the next.
  const analyst = Promise.all(
    Array.from({ length: ANALYSTS }, async (_, n) => {
      await sleep(n * (THINK_MS / ANALYSTS));
      while (exporting) {
        during.push(await read());
        await sleep(THINK_MS * (0.5 + Math.random()));
      }
    }),
  );
  let newlines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    for (const byte of chunk) if (byte === 10) newlines++;
  }
  const seconds = (performance.now() - start) / 1000;
  exporting = false;
  await analyst;
  const rows = newlines - 1; // the header
  return { size, rows, seconds, ...memory(), during };
}

/** The team's reads for IDLE_READS reads with no export running: the baseline. */
async function idleReads(
  client: UsmClient,
): Promise<{ reads: number[]; loopP99: number; heapMb: number }> {
  const memory = memoryPeak();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const idle: number[] = [];
  const read = analystReads(client, 100);
  await Promise.all(
    Array.from({ length: ANALYSTS }, async (_, n) => {
      await sleep(n * (THINK_MS / ANALYSTS));
      while (idle.length < IDLE_READS) {
        idle.push(await read());
        await sleep(THINK_MS * (0.5 + Math.random()));
      }
    }),
  );
  loop.disable();
  return { reads: idle, loopP99: loop.percentile(99) / 1e6, heapMb: memory().heapMb };
}

interface RunResult {
  size: number;
  rows: number;
  seconds: number;
  rssMb: number;
  heapMb: number;
  idle: { p50: number; p99: number; loopP99: number; heapMb: number };
  during: { p50: number; p99: number; reads: number; loopP99: number };
}

/** One page size in a process of its own (a child of the bench): memory figures start clean. */
async function runOne(simUrl: string, size: number): Promise<RunResult> {
  const client = clientFor(simUrl);
  const warm = analystReads(client, 4000);
  for (let i = 0; i < 60; i++) await warm();
  const idle = await idleReads(client);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const run = await exportOnce(client, size, 1000);
  loop.disable();
  if (run.rows !== ALARMS) throw new Error(`the export wrote ${run.rows} rows, not ${ALARMS}`);
  return {
    size,
    rows: run.rows,
    seconds: run.seconds,
    rssMb: run.rssMb,
    heapMb: run.heapMb,
    idle: {
      p50: percentile(idle.reads, 50),
      p99: percentile(idle.reads, 99),
      loopP99: idle.loopP99,
      heapMb: idle.heapMb,
    },
    during: {
      p50: percentile(run.during, 50),
      p99: percentile(run.during, 99),
      reads: run.during.length,
      loopP99: loop.percentile(99) / 1e6,
    },
  };
}

function runChild(simUrl: string, size: number): Promise<RunResult> {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"),
      "--conditions=react-server",
      fileURLToPath(import.meta.url),
      "--run",
      simUrl,
      String(size),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("exit", (code) => {
      const line = out.split("\n").find((text) => text.startsWith("RESULT "));
      if (code === 0 && line) resolve(JSON.parse(line.slice(7)) as RunResult);
      else reject(new Error(`the run at page size ${size} failed (${code})`));
    });
  });
}

const ms = (value: number) => value.toFixed(1).padStart(6);

export async function benchExport(): Promise<void> {
  const sim = await startSimulatorProcess({
    alarms: ALARMS,
    latencyMs: LATENCY_MS,
    client: CLIENT,
  });
  const { url } = sim;
  try {
    console.log(
      `simulator (child process): ${ALARMS.toLocaleString("en")} alarms, ${LATENCY_MS} ms latency, ` +
        `100 GET/s; each page size in a fresh process: ${ANALYSTS} analysts each opening a page ` +
        `about every ${THINK_MS / 1000} s (${IDLE_READS} reads idle), then the same during an ` +
        `export of every alarm (lib/server/export, CSV, Europe/Berlin)`,
    );
    console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
    console.log(
      "page size  rows/s  seconds  peak RSS / heap growth (heap idle)   analyst read p50 / p99 idle -> during (p99 change)   event-loop delay p99 idle -> during",
    );
    for (const size of PAGE_SIZES) {
      const run = await runChild(url, size);
      const change = ((run.during.p99 - run.idle.p99) / run.idle.p99) * 100;
      console.log(
        `${String(size).padStart(9)}  ${String(Math.round(run.rows / run.seconds)).padStart(6)}  ` +
          `${run.seconds.toFixed(1).padStart(7)}  ${ms(run.rssMb)} / ${ms(run.heapMb)} MB (${ms(run.idle.heapMb)})   ` +
          `${ms(run.idle.p50)} / ${ms(run.idle.p99)} -> ${ms(run.during.p50)} / ${ms(run.during.p99)} ms ` +
          `(${change >= 0 ? "+" : ""}${change.toFixed(0)}%, ${run.during.reads} reads)   ` +
          `${ms(run.idle.loopP99)} -> ${ms(run.during.loopP99)} ms`,
      );
    }
    console.log("goals: peak growth < 50 MB; analyst p99 during within +20% of idle");
  } finally {
    sim.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--run");
  if (at > 0) {
    const result = await runOne(process.argv[at + 1]!, Number(process.argv[at + 2]));
    console.log(`RESULT ${JSON.stringify(result)}`);
    process.exit(0);
  }
  await benchExport();
}
