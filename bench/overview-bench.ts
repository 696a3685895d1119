// The overview on a production build: for several views, the upstream calls one view's whole
// overview costs (goal ≤ 60, shared: the next analyst on the same view costs none) and the time
// from asking to the full overview (its four sections asked at once, as the list does) at 50 ms
// upstream latency, 100,000 alarms.
// Run standalone with `npx tsx --conditions=react-server bench/overview-bench.ts`.
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { OVERVIEW_PARTS } from "../lib/shared/overview/plan";
import { signIn, startBenchApp, type BenchApp } from "./bench-app";

const ALARMS = 100_000;
const LATENCY_MS = 50;

const VIEWS = [
  "",
  "status=open",
  "status=open&range=24h",
  "range=7d",
  "priority_label=high&status=open&rule_intent=Delivery+%26+Attack&suppressed=false",
  "timestamp_occured_gte=1700000000000&timestamp_occured_lte=1800000000000&rule_intent=System+Compromise",
];

const alarmCalls = (app: BenchApp) => app.sim.stats().byRoute.alarms;

/** The four sections of one view's overview, asked at once; the time until the last is in. */
async function fullOverview(app: BenchApp, cookie: string, view: string): Promise<number> {
  const started = performance.now();
  await Promise.all(
    OVERVIEW_PARTS.map(async (part) => {
      const search = new URLSearchParams(view);
      search.set("part", part);
      const response = await fetch(`${app.url}/api/d/default/alarms/overview?${search}`, {
        headers: { cookie },
      });
      const body = (await response.json()) as { problem?: unknown };
      if (response.status !== 200 || body.problem) {
        throw new Error(`${part} of "${view}": ${response.status} ${JSON.stringify(body)}`);
      }
    }),
  );
  return performance.now() - started;
}

export async function benchOverview(): Promise<void> {
  const app = await startBenchApp({
    alarms: ALARMS,
    latencyMs: LATENCY_MS,
    localUsers: ["ana", "bob"],
    env: { LIVE_INTERVAL_SECONDS: "0" },
  });
  try {
    console.log(
      `${ALARMS.toLocaleString("en")} alarms, ${LATENCY_MS} ms upstream latency, ` +
        `${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
    );
    const ana = await signIn(app.url, "ana", app.localPassword);
    const bob = await signIn(app.url, "bob", app.localPassword);
    // The catalogue (the intents to count) is seeded once per deployment, not per view.
    await fetch(`${app.url}/api/d/default/alarms/catalogue`, { headers: { cookie: ana } });
    let worst = 0;
    for (const view of VIEWS) {
      const before = alarmCalls(app);
      const ms = await fullOverview(app, ana, view);
      const calls = alarmCalls(app) - before;
      worst = Math.max(worst, calls);
      const shared = alarmCalls(app);
      const again = await fullOverview(app, bob, view);
      console.log(
        `view "${view || "(all alarms)"}": ${calls} upstream calls (goal ≤ 60), full overview in ` +
          `${ms.toFixed(0)} ms; the next analyst: ${alarmCalls(app) - shared} calls, ${again.toFixed(0)} ms`,
      );
    }
    console.log(`most calls for one view: ${worst} (goal ≤ 60)`);
  } finally {
    await app.stop();
  }
}

if (resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) await benchOverview();
