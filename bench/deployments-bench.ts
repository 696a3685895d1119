// Many deployments at once, measured on a production build: the home page over 10 simulated
// deployments of 100,000 alarms each at 50 ms upstream latency (time to the end of its streamed
// HTML, upstream calls per deployment, cold and warm), the same tiles as lib/server/home/tiles
// reads them in this process, and the list of every deployment's first page and Next.
// Run standalone with `npx tsx --conditions=react-server bench/deployments-bench.ts`.
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { systemClock, type Clock } from "../lib/shared/core/clock";
import { readTile, TILE_TTL_MS } from "../lib/server/home/tiles";
import type { Deployment } from "../lib/server/deployments/registry";
import { MemoryStore } from "../lib/server/store/memory";
import { createUsmClient } from "../lib/server/usm/client";
import { startSimulator } from "../simulator/index";
import { signIn, startBenchApp, type BenchApp } from "./bench-app";
import { percentile } from "./stats";
import { benchAll, allPage } from "./deployments-all";
import { perDeployment, snapshot, upstreamSince, type Calls } from "./upstream-calls";

const DEPLOYMENTS = 10;
const ALARMS = 100_000;
const LATENCY_MS = 50;
const HOME_ROUNDS = 5;
/** The app's cache of identical reads (USM_CACHE_TTL_MS, default): merged rounds wait it out. */
const CACHE_TTL_MS = 3_000;
/** The in-process tiles' own upstream client: its own rate window at the simulators. */
const TILES_CLIENT = { id: "bench-tiles", secret: "bench-tiles-secret" };

const ms = (value: number) => `${value.toFixed(0)} ms`;
const sleep = (wait: number) => new Promise((done) => setTimeout(done, wait));

/** `/` as a browser's first request: to the end of the streamed HTML, following no redirect. */
async function loadHome(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(`${url}/`, { headers: { cookie }, redirect: "manual" });
  const headersMs = performance.now() - started;
  const html = await response.text();
  return {
    status: response.status,
    location: response.headers.get("location"),
    headersMs,
    ms: performance.now() - started,
    html,
  };
}

interface HomeFigures {
  cold: number[];
  warm: number[];
  coldCalls: Calls[];
  warmCalls: Calls[];
}

const summariseHome = (label: string, figures: HomeFigures) => {
  const coldMax = Math.max(...figures.coldCalls.map((calls) => calls.max));
  const warmMax = Math.max(...figures.warmCalls.map((calls) => calls.total));
  const tokens = figures.coldCalls.reduce((sum, calls) => sum + calls.tokenTotal, 0);
  return (
    `${label} in ${ms(percentile(figures.cold, 50))} (p50; max ${ms(Math.max(...figures.cold))}), ` +
    `${coldMax} upstream calls per deployment (goal ≤ 5), ` +
    `warm: ${warmMax} calls (goal 0) in ${ms(percentile(figures.warm, 50))} (p50); ${tokens} token requests in all`
  );
};

/** The home page, cold (first analyst once the tiles' cache has expired) and warm (a second). */
async function benchHome(app: BenchApp, first: string, second: string) {
  const figures: HomeFigures = { cold: [], warm: [], coldCalls: [], warmCalls: [] };
  let redirect: string | null = null;
  console.log(
    `home page /: ${HOME_ROUNDS} rounds, each after the ${TILE_TTL_MS / 1000} s tile cache expired`,
  );
  for (let round = 1; round <= HOME_ROUNDS; round++) {
    if (round > 1 && redirect === null) await sleep(TILE_TTL_MS + 1_000);
    const before = snapshot(app.deployments);
    const cold = await loadHome(app.url, first);
    const coldCalls = upstreamSince(app.deployments, before);
    const between = snapshot(app.deployments);
    const warm = await loadHome(app.url, second);
    const warmCalls = upstreamSince(app.deployments, between);
    if (cold.status >= 300 && cold.status < 400) redirect = `${cold.status} -> ${cold.location}`;
    else if (cold.status !== 200) throw new Error(`/ answered HTTP ${cold.status}`);
    const missing = app.deployments.filter(
      ({ name }) => !new RegExp(`${name}(?!\\d)`).test(cold.html),
    );
    figures.cold.push(cold.ms);
    figures.warm.push(warm.ms);
    figures.coldCalls.push(coldCalls);
    figures.warmCalls.push(warmCalls);
    console.log(
      `  round ${round}: cold ${ms(cold.ms)} (headers ${ms(cold.headersMs)}, ${cold.html.length} chars, HTTP ${cold.status}` +
        `${missing.length > 0 && cold.status === 200 ? `, ${missing.length} deployment names missing` : ""}), ` +
        `upstream ${perDeployment(coldCalls)}; warm ${ms(warm.ms)}, upstream ${warmCalls.total}, ${warmCalls.tokenTotal} token`,
    );
  }
  if (redirect) {
    console.log(
      `  NOTE: / answered ${redirect}: this build has no home page of tiles yet; the figures above are of that redirect`,
    );
  }
  return { figures, redirect };
}

/**
 * The tiles as lib/server/home/tiles reads them (what the home page renders), in this
 * process: no page, no render, the production client on a memory store. A clock running ahead
 * expires the tiles' cache between rounds without waiting (the tokens stay valid).
 */
async function benchTilesInProcess(app: BenchApp) {
  let ahead = 0;
  const clock: Clock = { ...systemClock, now: () => Date.now() + ahead };
  const store = new MemoryStore({ now: clock.now });
  const deployments: Deployment[] = app.deployments.map(({ key, name, sim }) => {
    const config = {
      key,
      name,
      kind: "anywhere" as const,
      baseUrl: sim.url,
      clientId: TILES_CLIENT.id,
      clientSecret: TILES_CLIENT.secret,
      timeoutMs: 10_000,
      getPerSecond: 100,
      postPerSecond: 50,
      analysts: [],
      groups: [],
      labels: {},
    };
    const client = createUsmClient({
      ...config,
      deployment: key,
      cacheTtlMs: CACHE_TTL_MS,
      store,
      clock,
    });
    return { key, name, kind: config.kind, config, client: () => client };
  });
  const figures: HomeFigures = { cold: [], warm: [], coldCalls: [], warmCalls: [] };
  const allTiles = async (analyst: string) => {
    const started = performance.now();
    const tiles = await Promise.all(deployments.map((each) => readTile(each, analyst)));
    const failed = tiles.filter(
      (tile) => tile.error !== null || tile.counts === null || tile.counts.open === null,
    );
    if (failed.length > 0) throw new Error(`${failed.length} tiles without counts`);
    return performance.now() - started;
  };
  for (let round = 1; round <= HOME_ROUNDS; round++) {
    ahead += TILE_TTL_MS + 1_000;
    const before = snapshot(app.deployments);
    figures.cold.push(await allTiles("local:tiles.first"));
    const coldCalls = upstreamSince(app.deployments, before);
    const between = snapshot(app.deployments);
    figures.warm.push(await allTiles("local:tiles.second"));
    const warmCalls = upstreamSince(app.deployments, between);
    figures.coldCalls.push(coldCalls);
    figures.warmCalls.push(warmCalls);
    console.log(
      `  round ${round}: cold ${ms(figures.cold.at(-1)!)}, upstream ${perDeployment(coldCalls)}; ` +
        `warm ${ms(figures.warm.at(-1)!)}, upstream ${warmCalls.total}`,
    );
  }
  return figures;
}

export async function benchDeployments(): Promise<void> {
  console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
  // What one data set costs to make, before ten are: the simulators run in this process.
  const probeStart = performance.now();
  const probe = await startSimulator({ port: 0, alarms: ALARMS, seed: 1, clients: [TILES_CLIENT] });
  const probeMs = performance.now() - probeStart;
  await probe.close();
  const buffersBefore = process.memoryUsage().arrayBuffers;
  const app = await startBenchApp({
    alarms: ALARMS,
    latencyMs: LATENCY_MS,
    deployments: DEPLOYMENTS,
    otherClients: [TILES_CLIENT],
    localUsers: ["home.first", "home.second", "merged"],
    // The queue from each upstream, paged by time (the index bench times it from the index).
    env: { INDEX_INTERVAL_SECONDS: "0" },
  });
  const buffersMb = (process.memoryUsage().arrayBuffers - buffersBefore) / 1024 / 1024;
  try {
    console.log(
      `${DEPLOYMENTS} simulated deployments x ${ALARMS.toLocaleString("en")} alarms (seeds 1001-${1000 + DEPLOYMENTS}), ` +
        `${LATENCY_MS} ms upstream latency, next start (.next-bench); one data set takes ${ms(probeMs)} to make, ` +
        `the ${DEPLOYMENTS} hold ${buffersMb.toFixed(0)} MB of typed arrays`,
    );
    const [first, second, merged] = [
      await signIn(app.url, "home.first", app.localPassword),
      await signIn(app.url, "home.second", app.localPassword),
      await signIn(app.url, "merged", app.localPassword),
    ];
    // Warm-up: every deployment's token and connection, through a read the tiles do not share.
    const warmup = snapshot(app.deployments);
    await allPage(app.url, merged);
    const warmupCalls = upstreamSince(app.deployments, warmup);
    console.log(
      `warm-up (one merged page): ${warmupCalls.tokenTotal} token requests, ${warmupCalls.total} alarm reads`,
    );

    const home = await benchHome(app, first, second);
    console.log(
      `tiles as lib/server/home/tiles.ts reads them, in this process (no page, no render): ${HOME_ROUNDS} rounds`,
    );
    const tiles = await benchTilesInProcess(app);
    const queue = await benchAll(app, merged, CACHE_TTL_MS);

    console.log(
      `\nsummary: ${DEPLOYMENTS} deployments x ${ALARMS.toLocaleString("en")} alarms, ${LATENCY_MS} ms upstream latency`,
    );
    console.log(
      `  ${summariseHome(home.redirect ? `home: / redirected (${home.redirect}), no tiles in this build; answered` : "home: all tiles", home.figures)}`,
    );
    console.log(`  ${summariseHome("home tiles (lib, in-process): all tiles", tiles)}`);
    console.log(
      `  merged: first page p50 ${ms(percentile(queue.first, 50))} (p95 ${ms(percentile(queue.first, 95))}), ` +
        `Next p50 ${ms(percentile(queue.next, 50))} (p95 ${ms(percentile(queue.next, 95))})`,
    );
  } finally {
    await app.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await benchDeployments();
}
