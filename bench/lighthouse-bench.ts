// The weight and Lighthouse figures of the signed-in alarm list (issue 10, "Performance", and
// the goals that followed it): the first-load JavaScript of a deployment's list, gzipped, against
// the framework floor (Next + React + React Query on an empty page of the same build), with the
// chunks and modules it is made of and what it loads beyond the floor; then Lighthouse's mobile
// run (its default emulation and simulated throttling) on the system Chromium, five times,
// medians reported with the load average they ran at and what Lighthouse blames.
// Run standalone with `npx tsx --conditions=react-server bench/lighthouse-bench.ts`.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { BENCH_DIST_DIR, ROOT, signIn, startBenchApp } from "./bench-app";
import {
  FLOOR_PATH,
  firstLoadSummary,
  measureAgainstFloor,
  printBeyondFloor,
  printFirstLoadBreakdown,
} from "./first-load-js";
import { failingAccessibility, printDiagnostics } from "./lighthouse-diagnostics";
import { percentile } from "./stats";

const ALARMS = 5000;
const LATENCY_MS = 50;
const RUNS = 5;
const PATH = "/d/default/alarms";
const PERFORMANCE_GOAL = 93;
const ACCESSIBILITY_GOAL = 100;
const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";
const REPORTS = join(ROOT, BENCH_DIST_DIR, "lighthouse");

interface Run {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  lhr: Result;
  /** The machine's 1-minute load average when the run ended. */
  load: number;
}

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;
const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);

// Lighthouse's trace engine prints a line for each source map whose last mapping ends past its
// line (Turbopack's do): only the byte-per-module split of those chunks suffers, and the bench
// prints its own from the same maps.
const SOURCE_MAP_NOISE = /mapping for (last )?(column|line) out of bounds/;

async function quietly<T>(run: () => Promise<T>): Promise<T> {
  const { error, warn, log } = console;
  const filter =
    (print: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (!SOURCE_MAP_NOISE.test(args.map(String).join(" "))) print(...args);
    };
  console.error = filter(error);
  console.warn = filter(warn);
  console.log = filter(log);
  try {
    return await run();
  } finally {
    Object.assign(console, { error, warn, log });
  }
}

class LighthouseRuntimeError extends Error {}

/** One run, once more (twice) when Lighthouse fails to record one (NO_NAVSTART on a busy machine). */
async function lighthouseRun(url: string, cookie: string, attempts = 3): Promise<Run> {
  try {
    return await quietly(() => lighthouseOnce(url, cookie));
  } catch (error) {
    if (attempts <= 1 || !(error instanceof LighthouseRuntimeError)) throw error;
    console.log(`  (${error.message}; once more)`);
    return lighthouseRun(url, cookie, attempts - 1);
  }
}

/** RUNS runs of one page, one after another; `onRun` hears of each as it ends. */
async function lighthouseRuns(
  url: string,
  cookie: string,
  onRun: (run: Run, index: number) => void = () => {},
): Promise<Run[]> {
  const all: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    all.push(await lighthouseRun(url, cookie));
    onRun(all[i]!, i);
  }
  return all;
}

/** The median of one figure over runs. */
const medianOf = (runs: Run[], pick: (run: Run) => number) => percentile(runs.map(pick), 50);

async function lighthouseOnce(url: string, cookie: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--disable-gpu",
      // Chromium refuses to run as root with its sandbox.
      ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      // The session: on every request of the run (the page's own /api calls too).
      extraHeaders: { Cookie: cookie },
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(`Lighthouse: ${lhr.runtimeError.message}`);
    }
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse ended at ${lhr.finalDisplayedUrl}: not signed in?`);
    }
    return {
      performance: score(lhr, "performance"),
      accessibility: score(lhr, "accessibility"),
      lcp: numeric(lhr, "largest-contentful-paint"),
      tbt: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      fcp: numeric(lhr, "first-contentful-paint"),
      lhr,
      load: loadavg()[0]!,
    };
  } finally {
    chrome.kill();
  }
}

export async function benchLighthouse(): Promise<void> {
  const app = await startBenchApp({ alarms: ALARMS, latencyMs: LATENCY_MS });
  try {
    const cookie = await signIn(app.url, "analyst", app.demoPassword);
    const url = `${app.url}${PATH}`;
    console.log(
      `simulator: ${ALARMS} alarms, ${LATENCY_MS} ms upstream latency; app: next start ` +
        `(${BENCH_DIST_DIR}); ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`,
    );

    const browser = await chromium.launch({ executablePath: CHROMIUM });
    let js;
    try {
      const cookies = cookie.split("; ").map((pair) => {
        const eq = pair.indexOf("=");
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: app.url };
      });
      js = await measureAgainstFloor({
        browser,
        appUrl: app.url,
        path: PATH,
        context: { viewport: { width: 1440, height: 900 } },
        cookies,
        hydratedSelector: "[data-hydrated]",
        distDir: join(ROOT, BENCH_DIST_DIR),
      });
    } finally {
      await browser.close();
    }
    console.log(`\n${firstLoadSummary(js)}`);
    console.log(`\n  the floor's chunks:`);
    printFirstLoadBreakdown(js.floor, 8);
    console.log(`\n  ${PATH}'s chunks:`);
    printFirstLoadBreakdown(js.page);
    printBeyondFloor(js);

    mkdirSync(REPORTS, { recursive: true });
    console.log(`\nLighthouse ${RUNS}x, mobile (default emulation, simulated throttling):`);
    const runs = await lighthouseRuns(url, cookie, (run, i) => {
      const report = join(REPORTS, `run-${i + 1}.json`);
      writeFileSync(report, JSON.stringify(run.lhr));
      console.log(
        `  run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, ` +
          `LCP ${(run.lcp / 1000).toFixed(2)} s, TBT ${run.tbt.toFixed(0)} ms, CLS ` +
          `${run.cls.toFixed(3)}, FCP ${(run.fcp / 1000).toFixed(2)} s (benchmarkIndex ` +
          `${run.lhr.environment.benchmarkIndex}, load average ${run.load.toFixed(1)}; ` +
          `${report.slice(ROOT.length + 1)})`,
      );
    });
    const median = (pick: (run: Run) => number) => medianOf(runs, pick);
    const medianRun = [...runs].sort((a, b) => a.performance - b.performance)[
      Math.floor(runs.length / 2)
    ]!;
    const performance = median((run) => run.performance);
    const accessibility = median((run) => run.accessibility);
    const verdict = (ok: boolean) => (ok ? "meets the goal" : "BELOW the goal");
    const loads = runs.map((run) => run.load);
    const summary =
      `Lighthouse mobile ${PATH} (median of ${RUNS}): performance ${performance} ` +
      `(goal ≥ ${PERFORMANCE_GOAL}; ${verdict(performance >= PERFORMANCE_GOAL)}), ` +
      `accessibility ${accessibility} (goal ${ACCESSIBILITY_GOAL}; ` +
      `${verdict(accessibility >= ACCESSIBILITY_GOAL)}); all runs: performance ` +
      `${runs.map((run) => run.performance).join(", ")}; ${cpus().length} cores, load average ` +
      `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} over the runs`;
    console.log(`\n${summary}`);
    console.log(
      `  LCP ${(median((run) => run.lcp) / 1000).toFixed(2)} s, TBT ` +
        `${median((run) => run.tbt).toFixed(0)} ms, CLS ${median((run) => run.cls).toFixed(3)}, ` +
        `FCP ${(median((run) => run.fcp) / 1000).toFixed(2)} s`,
    );
    const failing = failingAccessibility(medianRun.lhr);
    console.log(
      `  failing accessibility audits: ${failing.scored.join(", ") || "none"}; not scored by ` +
        `Lighthouse but failing: ${failing.unscored.join(", ") || "none"}`,
    );
    console.log(`\n  diagnostics of the median run (performance ${medianRun.performance}):`);
    printDiagnostics(medianRun.lhr);

    // The same runs of the framework floor: what no page of this stack scores above here.
    const floor = await lighthouseRuns(`${app.url}${FLOOR_PATH}`, cookie);
    const floorMedian = (pick: (run: Run) => number) => medianOf(floor, pick);
    const floorSummary =
      `Lighthouse mobile ${FLOOR_PATH}, the framework floor (median of ${RUNS}): performance ` +
      `${floorMedian((run) => run.performance)} (runs ${floor.map((run) => run.performance).join(", ")}), ` +
      `LCP ${(floorMedian((run) => run.lcp) / 1000).toFixed(2)} s, TBT ` +
      `${floorMedian((run) => run.tbt).toFixed(0)} ms`;
    console.log(`\n${firstLoadSummary(js)}\n${summary}\n${floorSummary}`);
  } finally {
    await app.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await benchLighthouse();
}
