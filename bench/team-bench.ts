// The console as a team service, measured: what one analyst's flood leaves a colleague, what
// one and three replicas sharing a Redis send the upstream under the same load, and what a
// flood of sign-in attempts with distinct usernames leaves in a server's memory.
// Run standalone with `npx tsx --conditions=react-server bench/team-bench.ts [fairness|replicas|signin]`.
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Agent, request } from "undici";
import { startRedisServer } from "../test/redis-server";
import { signIn, startBenchApp } from "./bench-app";
import { inspect } from "./inspector";
import { percentile } from "./stats";

const LATENCY_MS = 50;
const ALARMS = 5000;
/** Enough sockets for a flood: undici's default pool would queue it on our side instead. */
const dispatcher = new Agent({ connections: 2_000, pipelining: 0, connectTimeout: 60_000 });

/**
 * One GET with the raw body read (no decompression on this side: a browser elsewhere would do
 * that). A failed exchange (connection reset or refused) is status 0.
 */
async function get(url: string, cookie: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const response = await request(url, {
      headers: { cookie, "accept-encoding": "gzip" },
      dispatcher,
    });
    await response.body.arrayBuffer();
    return { status: response.statusCode, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const counts = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<number, number>>((all, status) => {
      all[status] = (all[status] ?? 0) + 1;
      return all;
    }, {}),
  )
    .map(([status, n]) => `${n} x ${status}`)
    .join(", ");

/** A victim reading distinct uncached pages one after another, alone and during a flood. */
async function benchFairness(): Promise<void> {
  const app = await startBenchApp({
    alarms: ALARMS,
    latencyMs: LATENCY_MS,
    localUsers: ["flooder", "victim"],
  });
  try {
    const flooder = await signIn(app.url, "flooder", app.localPassword);
    const victim = await signIn(app.url, "victim", app.localPassword);
    let page = 0;
    const victimPages = async (until: number) => {
      const times: number[] = [];
      const statuses: number[] = [];
      while (performance.now() < until) {
        const answer = await get(`${app.url}/api/d/default/alarms?page=${page++}&size=20`, victim);
        times.push(answer.ms);
        statuses.push(answer.status);
      }
      return { times, statuses };
    };
    await victimPages(performance.now() + 1_000); // warm-up: token, JIT
    const alone = await victimPages(performance.now() + 5_000);

    const floodUntil = performance.now() + 10_000;
    const floodStatuses: number[] = [];
    let floodPage = 0;
    const before = app.sim.stats();
    const flood = Promise.all(
      Array.from({ length: 1_000 }, async (_, n) => {
        // Connections opened over the first second: a thousand at once overflow the listen
        // backlog, and the kernel's retries would stall them for seconds on the flood's side.
        await new Promise((resolveWait) => setTimeout(resolveWait, n));
        while (performance.now() < floodUntil) {
          const answer = await get(
            `${app.url}/api/d/default/alarms?page=${floodPage++ % 500}&size=10&sort=priority,desc`,
            flooder,
          );
          floodStatuses.push(answer.status);
        }
      }),
    );
    await new Promise((resolveWait) => setTimeout(resolveWait, 500)); // the flood under way
    const during = await victimPages(floodUntil);
    await flood;
    const after = app.sim.stats();
    const upstreamPerSecond = (after.byRoute.alarms - before.byRoute.alarms) / 10;

    console.log(`fairness: ${LATENCY_MS} ms upstream latency, one replica, memory store`);
    console.log(
      `  victim alone:              p50 ${ms(percentile(alone.times, 50))}, p99 ${ms(percentile(alone.times, 99))} (${alone.times.length} pages; ${counts(alone.statuses)})`,
    );
    console.log(
      `  victim during the flood:   p50 ${ms(percentile(during.times, 50))}, p99 ${ms(percentile(during.times, 99))} (${during.times.length} pages; ${counts(during.statuses)})`,
    );
    console.log(
      `  the flood (1,000 concurrent distinct pages, 10 s): ${counts(floodStatuses)}; upstream ${upstreamPerSecond.toFixed(0)} calls/s, ${after.rateLimited - before.rateLimited} upstream 429s`,
    );
  } finally {
    await app.stop();
  }
}

/** The same load on one replica and on three sharing a Redis: what reaches the upstream. */
async function benchReplicas(): Promise<void> {
  console.log(
    `replicas sharing one Redis: 200 concurrent requests for distinct pages, 10 s, 4 analysts, ${LATENCY_MS} ms upstream latency, limit 100 GET/s`,
  );
  console.log(
    `  ${"replicas".padEnd(9)}${"answers".padStart(30)}${"upstream/s".padStart(12)}${"busiest 1 s".padStart(13)}${"429s".padStart(6)}${"tokens".padStart(8)}`,
  );
  for (const count of [1, 3]) {
    const redis = await startRedisServer();
    const analysts = ["a", "b", "c", "d"].map((name) => `team.${name}`);
    const app = await startBenchApp({
      alarms: ALARMS,
      latencyMs: LATENCY_MS,
      replicas: count,
      localUsers: analysts,
      env: { REDIS_URL: redis.url, AUTH_TRUSTED_PROXY_HOPS: "1" },
    });
    try {
      const cookies = await Promise.all(
        analysts.map((analyst, n) => signIn(app.urls[n % count]!, analyst, app.localPassword)),
      );
      const statuses: number[] = [];
      let turn = 0;
      const started = performance.now();
      const until = started + 10_000;
      await Promise.all(
        Array.from({ length: 200 }, async () => {
          while (performance.now() < until) {
            const n = turn++;
            const answer = await get(
              `${app.urls[n % count]}/api/d/default/alarms?page=${n % 500}&size=10`,
              cookies[n % cookies.length]!,
            );
            statuses.push(answer.status);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const stats = app.sim.stats();
      console.log(
        `  ${String(count).padEnd(9)}${counts(statuses).padStart(30)}${(stats.byRoute.alarms / seconds).toFixed(1).padStart(12)}${String(stats.busiestSecond.get).padStart(13)}${String(stats.rateLimited).padStart(6)}${String(stats.tokensIssued).padStart(8)}`,
      );
    } finally {
      await app.stop();
      await redis.close();
    }
  }
}

/** 100,000 sign-in attempts with distinct usernames: what stays in the server's heap. */
async function benchSignInFlood(attempts = 100_000): Promise<void> {
  const app = await startBenchApp({ alarms: 500, latencyMs: 0, inspect: true });
  const inspector = await inspect(app.inspectPorts[0]!);
  try {
    const csrf = await fetch(`${app.url}/api/auth/csrf`);
    const cookie = csrf.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const attempt = async (n: number) => {
      const response = await request(`${app.url}/api/auth/callback/credentials`, {
        method: "POST",
        dispatcher,
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams({
          csrfToken,
          username: `flood-${n}-${Math.random().toString(36).slice(2)}`,
          password: "not-the-password",
          json: "true",
        }).toString(),
      });
      await response.body.arrayBuffer();
    };
    for (let n = 0; n < 200; n++) await attempt(n); // warm-up: code paths loaded, address delayed
    const before = await inspector.liveHeap();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < attempts) await attempt(next++);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const after = await inspector.liveHeap();
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(
      `sign-in flood: ${attempts.toLocaleString("en")} attempts with distinct usernames from one address, 50 at a time, in ${seconds.toFixed(0)} s`,
    );
    console.log(
      `  live heap ${mb(before)} MB -> ${mb(after)} MB: growth ${mb(after - before)} MB (${((after - before) / attempts).toFixed(0)} bytes an attempt)`,
    );
  } finally {
    inspector.close();
    await app.stop();
  }
}

const parts = {
  fairness: benchFairness,
  replicas: benchReplicas,
  // BENCH_SIGNIN_ATTEMPTS: fewer, to measure a build that keeps more per attempt.
  signin: () => benchSignInFlood(Number(process.env.BENCH_SIGNIN_ATTEMPTS ?? 100_000)),
};

export async function benchTeam(which: string[] = Object.keys(parts)): Promise<void> {
  console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
  for (const name of which) await parts[name as keyof typeof parts]();
  await dispatcher.close();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const asked = process.argv.slice(2).filter((arg) => arg in parts);
  await benchTeam(asked.length > 0 ? asked : undefined);
}
