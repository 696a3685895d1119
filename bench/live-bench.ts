// The live queue on a production build: upstream calls per minute with 1, 10, 100 and 1,000
// subscribed streams on one view (goal: constant) and with 50 distinct views, and the time from
// an alarm's arrival upstream to the stream message that announces it, p50/p99 (goal: within
// the interval + 1 s). 100,000 alarms at 50 ms upstream latency; the interval is shortened to
// 5 s so the figures come in minutes rather than a quarter of an hour (the cost scales as 1/interval).
// Run standalone with `npx tsx --conditions=react-server bench/live-bench.ts`.
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { signIn, startBenchApp, type BenchApp } from "./bench-app";
import { readLiveStream } from "./live-stream-reader";
import { percentile } from "./stats";

const ALARMS = 100_000;
const LATENCY_MS = 50;
const INTERVAL_S = 5;
const WINDOW_S = 60;
const STREAMS_PER_ANALYST = 8;
const ARRIVALS = 20;
const VIEWS = 50;

const sleep = (wait: number) => new Promise((done) => setTimeout(done, wait));

interface Stream {
  close(): void;
  /** Resolves with the time (performance.now) a state announcing `uuid` came in. */
  announced(uuid: string): Promise<number>;
}

/** The stream of `views`, noting when each alarm was first announced. */
async function openStream(url: string, cookie: string, views: string[]): Promise<Stream> {
  const waiting = new Map<string, (at: number) => void>();
  const seen = new Map<string, number>();
  const stream = await readLiveStream(url, cookie, views, (name, data) => {
    if (name !== "state") return;
    const at = performance.now();
    const state = JSON.parse(data) as { fresh: { uuid: string }[] };
    for (const { uuid } of state.fresh) {
      if (seen.has(uuid)) continue;
      seen.set(uuid, at);
      waiting.get(uuid)?.(at);
    }
  });
  return {
    close: () => stream.close(),
    announced: (uuid) =>
      new Promise((done) => {
        const at = seen.get(uuid);
        if (at !== undefined) done(at);
        else waiting.set(uuid, done);
      }),
  };
}

const upstreamCalls = (app: BenchApp) => {
  const { byRoute } = app.sim.stats();
  return byRoute.alarms + byRoute.alarm;
};

/** Upstream calls a minute while `streams` stay open, over WINDOW_S after a first poll. */
async function callsPerMinute(app: BenchApp): Promise<number> {
  await sleep(INTERVAL_S * 1000 + 500); // past the baseline polls
  const before = upstreamCalls(app);
  await sleep(WINDOW_S * 1000);
  return ((upstreamCalls(app) - before) * 60) / WINDOW_S;
}

export async function benchLive(): Promise<void> {
  const analysts = Array.from({ length: 1000 / STREAMS_PER_ANALYST }, (_, n) => `live-${n}`);
  const app = await startBenchApp({
    alarms: ALARMS,
    latencyMs: LATENCY_MS,
    localUsers: analysts,
    env: { LIVE_INTERVAL_SECONDS: String(INTERVAL_S) },
  });
  try {
    console.log(
      `${ALARMS.toLocaleString("en")} alarms, ${LATENCY_MS} ms upstream latency, interval ${INTERVAL_S} s, ` +
        `${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
    );
    const cookies: string[] = [];
    for (const analyst of analysts) cookies.push(await signIn(app.url, analyst, app.localPassword));
    const view = "default?status=open";

    for (const subscribers of [1, 10, 100, 1000]) {
      const streams = await Promise.all(
        Array.from({ length: subscribers }, (_, n) =>
          openStream(app.url, cookies[Math.floor(n / STREAMS_PER_ANALYST)]!, [view]),
        ),
      );
      const perMinute = await callsPerMinute(app);
      console.log(
        `one view, ${String(subscribers).padStart(4)} subscribers: ${perMinute.toFixed(1)} upstream calls/min ` +
          `(goal: constant, ${60 / INTERVAL_S} at one poll per interval)`,
      );
      streams.forEach((stream) => stream.close());
      await sleep(1_000);
    }

    const views = Array.from({ length: VIEWS }, (_, n) => `default?rule_intent=bench-${n}`);
    const many = await Promise.all(
      views.map((each, n) => openStream(app.url, cookies[n % cookies.length]!, [each])),
    );
    const perMinute = await callsPerMinute(app);
    console.log(
      `${VIEWS} views, a subscriber each: ${perMinute.toFixed(1)} upstream calls/min ` +
        `(${((perMinute / 60 / 100) * 100).toFixed(1)}% of the 100 GET/s budget; the watchers' share is 10%)`,
    );
    many.forEach((stream) => stream.close());
    await sleep(1_000);

    // Arrival to announcement: alarms added at random moments of the interval.
    const stream = await openStream(app.url, cookies[0]!, [view]);
    await sleep(INTERVAL_S * 1000 + 500);
    const delays: number[] = [];
    for (let n = 0; n < ARRIVALS; n++) {
      await sleep(Math.random() * INTERVAL_S * 1000);
      const added = performance.now();
      const { uuid } = app.sim.addAlarm({ status: "open" }) as { uuid: string };
      delays.push((await stream.announced(uuid)) - added);
    }
    stream.close();
    const goal = INTERVAL_S * 1000 + 1000;
    console.log(
      `arrival upstream -> announced on the stream (${ARRIVALS} alarms): p50 ${percentile(delays, 50).toFixed(0)} ms, ` +
        `p99 ${percentile(delays, 99).toFixed(0)} ms, max ${Math.max(...delays).toFixed(0)} ms (goal ≤ ${goal} ms)`,
    );
  } finally {
    await app.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchLive();
}
