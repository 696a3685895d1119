// What the dashboard's API route adds on top of the upstream: p50/p99 of one page through
// GET /api/d/default/alarms (production build, signed in) next to the same page fetched straight from the
// simulator, cache-cold and warm, and the upstream calls 100 concurrent analysts on one page cost.
// Run standalone with `npx tsx --conditions=react-server bench/route-bench.ts` (the condition
// lets it load the server-only client code it times in-process).
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { DEFAULT_QUERY } from "../lib/shared/alarms/query";
import { alarmPageFromUpstream } from "../lib/server/usm/alarms";
import type { RunningSimulator } from "../simulator/index";
import { signIn, startBenchApp } from "./bench-app";
import { percentile } from "./stats";

const ALARMS = 5000;
const LATENCY_MS = 50;
const COLD_RUNS = 120;
const WARM_RUNS = 200;
const ANALYSTS = 100;
const DIRECT_CLIENT = { id: "bench-direct", secret: "bench-direct-secret" };

// ---------------------------------------------------------------------------------------------
// Measuring

interface Stats {
  p50: number;
  p99: number;
}

function summarise(times: number[]): Stats {
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** What a measured answer must hold; a fast answer nobody can read must not count. */
type Expect = { status: 200; rows: (json: unknown) => unknown; count: number } | { status: 400 };

const appRows = (json: unknown) => (json as { alarms?: unknown }).alarms;
const upstreamRows = (json: unknown) =>
  (json as { _embedded?: { alarms?: unknown } })._embedded?.alarms;
const page = (rows: (json: unknown) => unknown, count = 20): Expect => ({
  status: 200,
  rows,
  count,
});

/** Milliseconds until the whole body arrived; then (off the clock) the body is checked. */
async function timed(url: string, headers: Record<string, string>, want: Expect): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  const ms = performance.now() - start;
  const where = new URL(url).pathname;
  if (response.status !== want.status) throw new Error(`HTTP ${response.status} from ${where}`);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new Error(`${where} answered ${body.byteLength} bytes that are not JSON`);
  }
  if (want.status === 200) {
    const rows = want.rows(json);
    if (!Array.isArray(rows) || rows.length !== want.count)
      throw new Error(`${where} answered without the ${want.count} alarms asked for`);
  }
  return ms;
}

async function directToken(sim: RunningSimulator): Promise<string> {
  const basic = Buffer.from(`${DIRECT_CLIENT.id}:${DIRECT_CLIENT.secret}`).toString("base64");
  const response = await fetch(`${sim.url}/api/2.0/oauth/token?grant_type=client_credentials`, {
    method: "POST",
    headers: { Authorization: `Basic ${basic}` },
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

function printTable(rows: Array<[string, Stats, Stats | undefined]>): void {
  const ms = (n: number | undefined) => (n === undefined ? "-" : n.toFixed(1)).padStart(9);
  const width = Math.max(...rows.map(([name]) => name.length));
  const pair = "p50".padStart(9) + "p99".padStart(9);
  console.log(
    `${"".padEnd(width)}  ${"via app".padStart(18)}  ${"direct".padStart(18)}  ${"app overhead".padStart(18)}`,
  );
  console.log(`${"".padEnd(width)}  ${pair}  ${pair}  ${pair}`);
  for (const [name, app, direct] of rows) {
    console.log(
      `${name.padEnd(width)}  ${ms(app.p50)}${ms(app.p99)}  ${ms(direct?.p50)}${ms(direct?.p99)}  ` +
        `${ms(direct && app.p50 - direct.p50)}${ms(direct && app.p99 - direct.p99)}`,
    );
  }
}

/**
 * The dashboard's own work on one upstream page, in this process with a warm JIT: JSON.parse of
 * the ~230 KB answer, then the tolerant schema, the reshape and the strict check, exactly as
 * fetchAlarmPage does it. The cold figures above also hold Next's request handling and gzip.
 */
async function clientWork(simUrl: string, headers: Record<string, string>): Promise<void> {
  const texts: string[] = [];
  for (let n = 0; n < 40; n++) {
    const response = await fetch(`${simUrl}/api/2.0/alarms?page=${n}&size=20`, { headers });
    texts.push(await response.text());
  }
  const parse: number[] = [];
  const total: number[] = [];
  for (let round = 0; round < 10; round++) {
    for (const text of texts) {
      const start = performance.now();
      const json: unknown = JSON.parse(text);
      const parsed = performance.now();
      alarmPageFromUpstream(
        json,
        DEFAULT_QUERY,
        { deployment: "bench", baseUrl: simUrl },
        Date.now(),
      ); // 20, newest first
      if (round >= 3) {
        parse.push(parsed - start);
        total.push(performance.now() - start);
      }
    }
  }
  const kb = Math.round(texts.reduce((sum, text) => sum + text.length, 0) / texts.length / 1024);
  console.log(
    `the client's own work per page of 20 (~${kb} KB upstream, in-process, warm): ` +
      `p50 ${summarise(total).p50.toFixed(2)} ms, of which JSON.parse ${summarise(parse).p50.toFixed(2)} ms`,
  );
}

export async function benchRoutes(): Promise<void> {
  // Distinct analysts, as a team would be: the console serves each one a share of its time
  // (20 requests a second, 24 at once), which one analyst's cookie on every request would hit.
  const names = Array.from({ length: ANALYSTS }, (_, n) => `bench.${String(n).padStart(3, "0")}`);
  const app = await startBenchApp({
    alarms: ALARMS,
    latencyMs: LATENCY_MS,
    otherClients: [DIRECT_CLIENT],
    localUsers: names,
  });
  const { sim, url: appUrl } = app;
  try {
    // One after another: sign-in checks two passwords at a time and turns a crowd away as busy.
    const cookies: string[] = [];
    for (const name of names) cookies.push(await signIn(appUrl, name, app.localPassword));
    let turn = 0;
    /** The next analyst's headers: sequential runs go round the team. */
    const as = (extra: Record<string, string> = {}) => ({
      Cookie: cookies[turn++ % cookies.length]!,
      ...extra,
    });
    const directHeaders = { Authorization: `Bearer ${await directToken(sim)}` };
    const viaApp = (query: string) => `${appUrl}/api/d/default/alarms?${query}`;
    const direct = (query: string) =>
      `${sim.url}/api/2.0/alarms?${query}&sort=timestamp_occured,desc`;

    console.log(
      `simulator: ${ALARMS} alarms, ${LATENCY_MS} ms latency, rate limit 100 GET/s; ` +
        `app: next start (.next-bench), signed in as analyst`,
    );
    // Figures from a busy machine are not comparable with a quiet one's: say which this was.
    console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
    // Warm-up: token, JIT, connections. Pages 240+ are never used below.
    for (let i = 0; i < 10; i++) {
      await timed(viaApp(`page=${240 + i}&size=20`), as(), page(appRows));
      await timed(direct(`page=${240 + i}&size=20`), directHeaders, page(upstreamRows));
    }

    // Cold: distinct pages, so the app's cache never answers; the two sides interleaved.
    const cold = { app: [] as number[], direct: [] as number[] };
    for (let n = 0; n < COLD_RUNS; n++) {
      cold.direct.push(await timed(direct(`page=${n}&size=20`), directHeaders, page(upstreamRows)));
      cold.app.push(await timed(viaApp(`page=${n + COLD_RUNS}&size=20`), as(), page(appRows)));
    }

    // Warm: one page again and again (the app's short cache answers; the simulator cannot),
    // also asked for uncompressed: the difference is what Next's gzip of the answer costs.
    const warm = { app: [] as number[], direct: [] as number[], plain: [] as number[] };
    await timed(viaApp("page=0&size=20"), as(), page(appRows));
    for (let i = 0; i < WARM_RUNS; i++) {
      warm.direct.push(await timed(direct("page=0&size=20"), directHeaders, page(upstreamRows)));
      const gzip = () => timed(viaApp("page=0&size=20"), as(), page(appRows));
      const plain = () =>
        timed(viaApp("page=0&size=20"), as({ "Accept-Encoding": "identity" }), page(appRows));
      // Taking turns at following the direct call, so neither always meets a rested server.
      if (i % 2 === 0) {
        warm.app.push(await gzip());
        warm.plain.push(await plain());
      } else {
        warm.plain.push(await plain());
        warm.app.push(await gzip());
      }
    }

    // The floor: proxy, session check and an error answer, no upstream call (a 400).
    const floor: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      floor.push(await timed(viaApp("size=7"), as(), { status: 400 }));
    }

    printTable([
      [
        `cold, page of 20 (${COLD_RUNS} distinct pages)`,
        summarise(cold.app),
        summarise(cold.direct),
      ],
      [`warm, same page of 20 (${WARM_RUNS}x)`, summarise(warm.app), summarise(warm.direct)],
      [`warm, the same, not compressed (${WARM_RUNS}x)`, summarise(warm.plain), undefined],
      [`floor: session check + 400, no upstream (${WARM_RUNS}x)`, summarise(floor), undefined],
    ]);

    // Many analysts on one page: what reaches the upstream.
    const before = sim.stats();
    const started = performance.now();
    const times = await Promise.all(
      Array.from({ length: ANALYSTS }, (_, n) =>
        timed(viaApp("page=3&size=50"), { Cookie: cookies[n]! }, page(appRows, 50)),
      ),
    );
    const wall = performance.now() - started;
    const after = sim.stats();
    const concurrent = summarise(times);
    console.log(
      `\n${ANALYSTS} concurrent analysts on one uncached page: ` +
        `${after.byRoute.alarms - before.byRoute.alarms} upstream alarm call(s), ` +
        `${after.byRoute.token - before.byRoute.token} token request(s); ` +
        `p50 ${concurrent.p50.toFixed(1)} ms, p99 ${concurrent.p99.toFixed(1)} ms, all in ${wall.toFixed(0)} ms`,
    );
    console.log(
      `upstream 429s during the run: ${after.rateLimited}; tokens issued: ${after.tokensIssued}`,
    );

    // What the same hundred cost without the upstream's 50 ms: the page again (now cached), and
    // the framework's own floor, an anonymous route that does nothing.
    const burst = async (
      path: string,
      headers: (n: number) => Record<string, string>,
      want: Expect,
    ) =>
      summarise(
        await Promise.all(
          Array.from({ length: ANALYSTS }, (_, n) => timed(`${appUrl}${path}`, headers(n), want)),
        ),
      );
    const cached = await burst(
      "/api/d/default/alarms?page=3&size=50",
      (n) => ({ Cookie: cookies[n]! }),
      page(appRows, 50),
    );
    const noop = await burst("/api/health/live", () => ({}), {
      status: 200,
      rows: () => [],
      count: 0,
    });
    console.log(
      `the same ${ANALYSTS} at once, the page now cached: p50 ${cached.p50.toFixed(1)} ms, p99 ${cached.p99.toFixed(1)} ms; ` +
        `${ANALYSTS} at once on a route that does nothing (/api/health/live): p50 ${noop.p50.toFixed(1)} ms, p99 ${noop.p99.toFixed(1)} ms`,
    );

    await clientWork(sim.url, directHeaders);
  } finally {
    await app.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await benchRoutes();
}
