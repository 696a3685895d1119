// The list of every deployment (GET /api/d/all/alarms) over many deployments, for bench/deployments-bench.ts:
// its first page and Next, timed to the end of each body, with the upstream calls each made.
import { performance } from "node:perf_hooks";
import type { AllListPage } from "../lib/shared/alarms/list-pages";
import type { BenchApp } from "./bench-app";
import { percentile } from "./stats";
import { snapshot, upstreamSince, type Calls } from "./upstream-calls";

const MERGED_ROUNDS = 20;

const ms = (value: number) => `${value.toFixed(0)} ms`;
const sleep = (wait: number) => new Promise((done) => setTimeout(done, wait));

/** One merged page, timed to the end of its body, then checked (off the clock). */
export async function allPage(url: string, cookie: string, cursor?: string) {
  const query = new URLSearchParams({ size: "20" });
  if (cursor) query.set("cursor", cursor);
  const started = performance.now();
  const response = await fetch(`${url}/api/d/all/alarms?${query}`, { headers: { cookie } });
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`list of every deployment: HTTP ${response.status}: ${body}`);
  const page = JSON.parse(body) as AllListPage;
  if (page.paging !== "cursor")
    throw new Error("list of every deployment: not paged by time from each upstream");
  if (page.alarms.length !== 20 || page.failures.length > 0 || !page.older) {
    throw new Error(
      `list of every deployment: ${page.alarms.length} alarms, ${page.failures.length} failures, older ${page.older}`,
    );
  }
  return { ms: elapsed, page };
}

/** The list of every deployment's first page and Next, each round after the app's cache expired. */
export async function benchAll(app: BenchApp, cookie: string, cacheTtlMs: number) {
  const first: number[] = [];
  const next: number[] = [];
  const firstCalls: Calls[] = [];
  const nextCalls: Calls[] = [];
  const sources = new Set<string>();
  console.log(
    `list of every deployment GET /api/d/all/alarms?size=20 and its Next (cursor=older): ${MERGED_ROUNDS} rounds, ` +
      `the same query each round after the ${cacheTtlMs / 1000} s cache expired (cold reads)`,
  );
  for (let round = 0; round < MERGED_ROUNDS; round++) {
    await sleep(cacheTtlMs + 250);
    let before = snapshot(app.deployments);
    const top = await allPage(app.url, cookie);
    firstCalls.push(upstreamSince(app.deployments, before));
    before = snapshot(app.deployments);
    const older = await allPage(app.url, cookie, top.page.older!);
    nextCalls.push(upstreamSince(app.deployments, before));
    first.push(top.ms);
    next.push(older.ms);
    for (const alarm of [...top.page.alarms, ...older.page.alarms]) {
      sources.add((alarm as { deployment?: string }).deployment ?? "?");
    }
  }
  const calls = (all: Calls[]) => {
    const totals = all.map((each) => each.total);
    return `${percentile(totals, 50)} upstream calls (p50; max ${Math.max(...totals)}; most from one deployment ${Math.max(...all.map((each) => each.max))})`;
  };
  console.log(
    `  first page: p50 ${ms(percentile(first, 50))}, p95 ${ms(percentile(first, 95))}, max ${ms(Math.max(...first))}; ${calls(firstCalls)}`,
  );
  console.log(
    `  Next:       p50 ${ms(percentile(next, 50))}, p95 ${ms(percentile(next, 95))}, max ${ms(Math.max(...next))}; ${calls(nextCalls)}`,
  );
  console.log(`  alarms shown came from ${sources.size} of ${app.deployments.length} deployments`);
  return { first, next };
}
