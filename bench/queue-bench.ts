// The queue of every deployment and the overview, old and new in one run (`npm run bench -- index`
// calls these): today's queue paged by time from each upstream (two simulators of 500,000 alarms
// each in child processes, 50 ms latency, as the console reads them: the route's own function,
// each deployment's own client and budget, no cache) and the overview counted by the upstream's
// size=1 reads, against the same from the index of a million alarms (the index bench's corpus,
// two deployments of 500,000): a numbered page in any order with its exact count, and the overview
// with 0 upstream calls.
import { allList } from "../lib/server/api/search-routes";
import { DeploymentRegistry } from "../lib/server/deployments/registry";
import { indexedOverviewPart } from "@/lib/server/search/overview";
import { readIndex } from "@/lib/server/search/read-index";
import { readOverviewPart } from "../lib/server/overview/read";
import { parseAllRequest, readAllByTime } from "../lib/server/queue/read";
import { MemoryStore } from "../lib/server/store/memory";
import { createUsmClient } from "../lib/server/usm";
import type { AllListPage } from "../lib/shared/alarms/list-pages";
import { DEFAULT_QUERY, type AlarmListQuery } from "../lib/shared/alarms/query";
import type { IndexStatus } from "../lib/shared/deployments/index-status";
import { OVERVIEW_PARTS } from "../lib/shared/overview/plan";
import type { BenchDatabase } from "./index-build";
import { CORPUS_NOW } from "./index-build";
import { startSimulatorProcess, type SimulatorProcess } from "./simulator-process";
import { percentile } from "./stats";

const KEYS = ["acme", "globex"] as const;
const UPSTREAM_ALARMS = 500_000;
const LATENCY_MS = 50;
const CLIENT = { id: "queue-bench", secret: "queue-bench-secret-7c1d" };
const RUNS = 20;
const DAY = 24 * 3600_000;

export interface QueueFigures {
  /** p50 and p99 of each measure, by name. */
  rows: [string, number, number, string][];
}

function figure(name: string, times: number[], note = ""): [string, number, number, string] {
  return [name, percentile(times, 50), percentile(times, 99), note];
}

export function printFigures(title: string, figures: QueueFigures): void {
  console.log(`\n${title}`);
  for (const [name, p50, p99, note] of figures.rows) {
    console.log(
      `  ${name.padEnd(56)} p50 ${p50.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms${note ? `  ${note}` : ""}`,
    );
  }
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Both deployments followed by the index (as the sync's state says of a deployment held whole). */
const following = async (keys: readonly string[]) =>
  new Map<string, IndexStatus>(
    keys.map((key) => [
      key,
      { state: "following", syncedAt: CORPUS_NOW, backfill: null, reason: null },
    ]),
  );

/** A registry of the two deployments on their simulators: their clients uncached, one store. */
function registryOn(sims: Record<(typeof KEYS)[number], SimulatorProcess>): DeploymentRegistry {
  const store = new MemoryStore();
  return new DeploymentRegistry(
    KEYS.map((key) => ({
      key,
      name: key,
      kind: "anywhere" as const,
      baseUrl: sims[key].url,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      timeoutMs: 10_000,
      getPerSecond: 100,
      postPerSecond: 50,
      analysts: [],
      groups: [],
      labels: {},
    })),
    (config) => createUsmClient({ ...config, deployment: config.key, cacheTtlMs: 0, store }),
  );
}

/**
 * Today's queue from each upstream: its first page and the next (by cursor), cold (no cache), and
 * one deployment's overview counted upstream (its four sections at once, as the list asks).
 */
export async function benchUpstreamQueue(): Promise<QueueFigures> {
  const started = await Promise.all(
    KEYS.map(() =>
      startSimulatorProcess({ alarms: UPSTREAM_ALARMS, latencyMs: LATENCY_MS, client: CLIENT }),
    ),
  );
  const sims = { acme: started[0]!, globex: started[1]! };
  try {
    const registry = registryOn(sims);
    const deployments = registry.all();
    // What the route reads where the index cannot answer: the same parser and reader.
    const queue = (search: string) =>
      readAllByTime(parseAllRequest(new URLSearchParams(search), deployments), "bench");
    // Every deployment's token first: the queue is measured, not the sign-in to the upstream.
    await queue("size=20");
    const first: number[] = [];
    const next: number[] = [];
    for (let n = 0; n < RUNS; n++) {
      let page: AllListPage | undefined;
      // A window ending a few minutes apart each run, so no answer is another's.
      const view = `size=20&timestamp_occured_lte=${Date.now() - n * 300_000}`;
      first.push(
        await time(async () => {
          page = await queue(view);
        }),
      );
      if (page?.paging !== "cursor" || !page.older) throw new Error("a time-paged queue page");
      const older = page.older;
      next.push(await time(() => queue(`${view}&cursor=${older}`)));
    }
    const calls = async () =>
      (await Promise.all(KEYS.map((key) => sims[key].stats()))).reduce(
        (sum, stats) => sum + stats.byRoute.alarms,
        0,
      );
    const overview: number[] = [];
    let overviewCalls = 0;
    const acme = registry.all().find((deployment) => deployment.key === "acme")!;
    for (let n = 0; n < RUNS / 4; n++) {
      const lte = Date.now() - n * 300_000;
      const query: AlarmListQuery = {
        ...DEFAULT_QUERY,
        filters: { timestamp_occured_gte: lte - 7 * DAY, timestamp_occured_lte: lte },
      };
      const before = await calls();
      overview.push(
        await time(() =>
          Promise.all(
            OVERVIEW_PARTS.map((part) =>
              readOverviewPart(part, query, { analyst: "bench", client: acme.client() }),
            ),
          ),
        ),
      );
      overviewCalls = Math.max(overviewCalls, (await calls()) - before);
    }
    return {
      rows: [
        figure("queue by time, first page (each upstream)", first),
        figure("queue by time, the next page by cursor", next),
        figure(
          "overview of one deployment, 7 days (upstream counts)",
          overview,
          `up to ${overviewCalls} upstream calls a view`,
        ),
      ],
    };
  } finally {
    for (const sim of Object.values(sims)) sim.stop();
  }
}

/** The queue and the overview from the index of a million alarms (two deployments). */
export async function benchIndexedQueue(
  database: BenchDatabase["database"],
): Promise<QueueFigures> {
  const deployments = new DeploymentRegistry(
    KEYS.map((key) => ({
      key,
      name: key,
      kind: "anywhere" as const,
      baseUrl: "http://127.0.0.1:9",
      clientId: "unused",
      clientSecret: "unused",
      timeoutMs: 1_000,
      getPerSecond: 100,
      postPerSecond: 50,
      analysts: [],
      groups: [],
      labels: {},
    })),
    () => {
      throw new Error("the queue from the index never reads the upstream");
    },
  ).all();
  const page = (search: string) =>
    allList(new URLSearchParams(search), deployments, "bench", {
      database,
      now: CORPUS_NOW,
      statuses: following,
      retentionMs: 90 * DAY,
    });
  // Each run ends its view 5 minutes earlier than the last (no two runs read the same rows); a
  // case's parameters come before that upper bound, and its days, if any, reach back from it.
  const cases: [name: string, params: string, days?: number][] = [
    ["queue from the index, first page, newest first", "size=20"],
    ["queue from the index, page 2, newest first", "size=20&page=1"],
    ["queue from the index, page 500 (10,000 rows deep)", "size=20&page=500"],
    ["queue from the index, by priority, first page", "size=20&sort=priority,desc"],
    ["queue from the index, by rule strategy, first page", "size=20&sort=rule_strategy,asc"],
    [
      "queue from the index, by rule strategy descending, page 500",
      "size=20&page=500&sort=rule_strategy,desc",
    ],
    [
      "queue from the index, by rule intent descending, first page",
      "size=20&sort=rule_intent,desc",
    ],
    ["queue from the index, by status descending, first page", "size=20&sort=status,desc"],
    ["queue from the index, by received time, first page", "size=20&sort=timestamp_received,asc"],
    ["queue from the index, open or in review, 7 days", "size=20&status=open&status=in_review", 7],
  ];
  const search = (params: string, n: number, days?: number) => {
    const lte = CORPUS_NOW - n * 300_000;
    const gte = days === undefined ? "" : `&timestamp_occured_gte=${lte - days * DAY}`;
    return `${params}${gte}&timestamp_occured_lte=${lte}`;
  };
  const rows: QueueFigures["rows"] = [];
  for (const [name, params, days] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let n = 0; n < RUNS; n++) {
      times.push(
        await time(async () => {
          const answer = await page(search(params, n, days));
          if (answer.paging !== "pages") throw new Error("numbered pages from the index");
          total = answer.page.totalElements;
        }),
      );
    }
    rows.push(figure(name, times, `${total.toLocaleString("en")} alarms, counted exactly`));
  }
  const source = { kind: "index" as const, indexedUpTo: CORPUS_NOW };
  const overview: number[] = [];
  for (let n = 0; n < RUNS / 4; n++) {
    const lte = CORPUS_NOW - n * 300_000;
    const query: AlarmListQuery = {
      ...DEFAULT_QUERY,
      filters: { timestamp_occured_gte: lte - 7 * DAY, timestamp_occured_lte: lte },
    };
    overview.push(
      await time(() =>
        Promise.all(
          OVERVIEW_PARTS.map((part) =>
            readIndex(
              database,
              (tx) => indexedOverviewPart(tx, ["acme"], part, query, CORPUS_NOW, source),
              { analyst: null },
            ),
          ),
        ),
      ),
    );
  }
  rows.push(
    figure("overview of one deployment, 7 days (from the index)", overview, "0 upstream calls"),
  );
  return { rows };
}
