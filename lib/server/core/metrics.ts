import "server-only";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// This process's Prometheus metrics (GET /api/metrics): what the vendor client, the live stream
// and the index's sync record, each through a small function here; nobody else sees the
// registry. Low in the house (floor 10) so the vendor client can record into it. One registry
// per process, on globalThis: every route bundle records into the same one, and a module loaded
// twice (a bundle each, or a dev reload) does not register a metric twice. Per replica: each
// replica's figures are its own, and Prometheus scrapes each.

const PREFIX = "alarm_console_";

/** What became of an upstream call: its HTTP status, or "error" (a timeout, no answer). */
export type UpstreamOutcome = number | "error";

/**
 * The seconds a call may wait for the budget: most wait a few milliseconds; a call waits at most
 * its timeout (10 s by default) before the budget gives up on it.
 */
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const deployment = ["deployment"] as const;
  /** A counter, and a gauge, of each deployment apart. */
  const counter = (name: string, help: string) =>
    new Counter({ name: PREFIX + name, help, labelNames: deployment, registers });
  const gauge = (name: string, help: string) =>
    new Gauge({ name: PREFIX + name, help, labelNames: deployment, registers });
  return {
    registry,
    upstreamCalls: new Counter({
      name: `${PREFIX}upstream_calls_total`,
      help: "HTTP exchanges with a deployment's upstream API, by status class (2xx, 4xx, 429, 5xx, error: no answer)",
      labelNames: ["deployment", "status"] as const,
      registers,
    }),
    upstreamRateLimited: counter(
      "upstream_rate_limited_total",
      "Upstream answers HTTP 429 (each try; the client retries within its deadline)",
    ),
    budgetWait: new Histogram({
      name: `${PREFIX}budget_wait_seconds`,
      help: "Seconds an upstream call waited for its turn in the deployment's rate budget",
      labelNames: deployment,
      buckets: WAIT_BUCKETS,
      registers,
    }),
    tokenRenewals: counter(
      "token_renewals_total",
      "Upstream access tokens this replica fetched (the first one and each renewal)",
    ),
    sseStreamsOpen: new Gauge({
      name: `${PREFIX}sse_streams_open`,
      help: "Live-queue server-sent-event streams open on this replica",
      registers,
    }),
    indexRows: gauge("index_rows", "Alarms of the deployment in the local index"),
    syncLag: gauge(
      "index_sync_lag_seconds",
      "Seconds since the index last caught up with the deployment's newest alarms",
    ),
    backfillProgress: gauge(
      "index_backfill_progress_ratio",
      "The part of the deployment's backfill done, 0 to 1 (1: backfilled)",
    ),
    syncFailures: counter(
      "index_sync_failures_total",
      "Index sync rounds of the deployment that failed",
    ),
    statementTimeouts: new Counter({
      name: `${PREFIX}index_statement_timeouts_total`,
      help: "Analysts' statements on the index stopped at their time limit (PGlite: its thread ended and the directory opened again)",
      labelNames: ["engine"] as const,
      registers,
    }),
    labelWrites: new Counter({
      name: `${PREFIX}label_writes_total`,
      help: "Attempts to write a USM label back, by outcome (written, retry, failed: for good)",
      labelNames: ["deployment", "outcome"] as const,
      registers,
    }),
    labelQueue: gauge("label_queue_depth", "USM label write-backs of the deployment waiting"),
    turnsRefused: new Counter({
      name: `${PREFIX}index_turns_refused_total`,
      help: "Reads of the index answered 503 busy after waiting the longest allowed for their turn",
      registers,
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;

const KEY = Symbol.for("alarm-console.metrics");

/** The process's metrics, made on first use. */
function metrics(): Metrics {
  const holder = globalThis as { [KEY]?: Metrics };
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}

/** The class an outcome is counted under: 2xx, 3xx, 4xx, 429 (apart from 4xx), 5xx or error. */
export function statusClass(outcome: UpstreamOutcome): string {
  if (outcome === "error") return "error";
  if (outcome === 429) return "429";
  return `${Math.floor(outcome / 100)}xx`;
}

/** One HTTP exchange with `deployment`'s upstream (a 429 also counts as rate limited). */
export function recordUpstreamCall(deployment: string, outcome: UpstreamOutcome): void {
  const m = metrics();
  m.upstreamCalls.inc({ deployment, status: statusClass(outcome) });
  if (outcome === 429) m.upstreamRateLimited.inc({ deployment });
}

/** How long a call to `deployment` waited for its turn in the budget. */
export function observeBudgetWait(deployment: string, seconds: number): void {
  metrics().budgetWait.observe({ deployment }, Math.max(0, seconds));
}

/** A token fetched from `deployment`'s upstream. */
export function recordTokenRenewal(deployment: string): void {
  metrics().tokenRenewals.inc({ deployment });
}

/** The live streams open on this replica now. */
export function setSseStreamsOpen(open: number): void {
  metrics().sseStreamsOpen.set(open);
}

/** The alarms of `deployment` in the index. */
export function setIndexRows(deployment: string, rows: number): void {
  metrics().indexRows.set({ deployment }, rows);
}

/** How far the index is behind `deployment`'s newest alarms, in seconds. */
export function setSyncLag(deployment: string, seconds: number): void {
  metrics().syncLag.set({ deployment }, Math.max(0, seconds));
}

/** The part of `deployment`'s backfill done: 0 to 1 (clamped). */
export function setBackfillProgress(deployment: string, ratio: number): void {
  metrics().backfillProgress.set({ deployment }, Math.min(1, Math.max(0, ratio)));
}

/** A sync round of `deployment` that failed. */
export function recordSyncFailure(deployment: string): void {
  metrics().syncFailures.inc({ deployment });
}

/** What became of an attempt to write a label back to `deployment`. */
export function recordLabelWrite(
  deployment: string,
  outcome: "written" | "retry" | "failed",
  count = 1,
): void {
  metrics().labelWrites.inc({ deployment, outcome }, count);
}

/** The label write-backs of `deployment` waiting now. */
export function setLabelQueueDepth(deployment: string, pending: number): void {
  metrics().labelQueue.set({ deployment }, pending);
}

/** An analyst's statement on the index stopped at its time limit. */
export function recordStatementTimeout(engine: string): void {
  metrics().statementTimeouts.inc({ engine });
}

/** A read of the index refused for want of a turn. */
export function recordTurnRefused(): void {
  metrics().turnsRefused.inc();
}

/** Every metric in Prometheus' text format, and the content type to send it with. */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, text: await registry.metrics() };
}
