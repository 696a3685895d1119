import { describe, expect, it, vi } from "vitest";
import { metricValue } from "@/test/metrics";
import {
  metricsText,
  observeBudgetWait,
  recordSyncFailure,
  recordTokenRenewal,
  recordUpstreamCall,
  setBackfillProgress,
  setIndexRows,
  setSseStreamsOpen,
  setSyncLag,
  statusClass,
} from "./metrics";

// What Prometheus reads after each recording: the series per deployment, in the text format.

const calls = (deployment: string, status: string) =>
  metricValue("alarm_console_upstream_calls_total", { deployment, status });

describe("the metrics", () => {
  it("counts upstream calls by deployment and status class, 429s also apart", async () => {
    for (const outcome of [200, 204, 401, 404, 429, 429, 503, "error"] as const) {
      recordUpstreamCall("north", outcome);
    }
    recordUpstreamCall("south", 200);
    expect(await calls("north", "2xx")).toBe(2);
    expect(await calls("north", "4xx")).toBe(2);
    expect(await calls("north", "429")).toBe(2);
    expect(await calls("north", "5xx")).toBe(1);
    expect(await calls("north", "error")).toBe(1);
    expect(await calls("south", "2xx")).toBe(1);
    expect(await calls("south", "4xx")).toBe(0);
    const limited = (deployment: string) =>
      metricValue("alarm_console_upstream_rate_limited_total", { deployment });
    expect(await limited("north")).toBe(2);
    expect(await limited("south")).toBe(0);
  });

  it("names the class of every status", () => {
    expect([200, 302, 400, 429, 500, 599].map(statusClass)).toEqual([
      "2xx",
      "3xx",
      "4xx",
      "429",
      "5xx",
      "5xx",
    ]);
    expect(statusClass("error")).toBe("error");
  });

  it("puts budget waits in buckets of seconds, per deployment", async () => {
    observeBudgetWait("west", 0.002);
    observeBudgetWait("west", 0.3);
    observeBudgetWait("west", 12);
    const bucket = (le: string) =>
      metricValue("alarm_console_budget_wait_seconds_bucket", { deployment: "west", le });
    expect(await bucket("0.001")).toBe(0);
    expect(await bucket("0.005")).toBe(1);
    expect(await bucket("0.5")).toBe(2);
    expect(await bucket("10")).toBe(2);
    expect(await bucket("+Inf")).toBe(3);
    const wait = (name: string) => metricValue(name, { deployment: "west" });
    expect(await wait("alarm_console_budget_wait_seconds_count")).toBe(3);
    expect(await wait("alarm_console_budget_wait_seconds_sum")).toBeCloseTo(12.302);
  });

  it("counts token renewals and sync failures, and holds the latest index figures", async () => {
    recordTokenRenewal("east");
    recordTokenRenewal("east");
    recordSyncFailure("east");
    setIndexRows("east", 1_000);
    setIndexRows("east", 1_250);
    setSyncLag("east", 12);
    setBackfillProgress("east", 0.4);
    setBackfillProgress("far", 1.7); // clamped: a ratio
    const of = (name: string, deployment = "east") =>
      metricValue(`alarm_console_${name}`, { deployment });
    expect(await of("token_renewals_total")).toBe(2);
    expect(await of("index_sync_failures_total")).toBe(1);
    expect(await of("index_rows")).toBe(1_250);
    expect(await of("index_sync_lag_seconds")).toBe(12);
    expect(await of("index_backfill_progress_ratio")).toBe(0.4);
    expect(await of("index_backfill_progress_ratio", "far")).toBe(1);
  });

  it("holds the open streams without a deployment, beside the process's own metrics", async () => {
    setSseStreamsOpen(3);
    expect(await metricValue("alarm_console_sse_streams_open")).toBe(3);
    const { contentType, text } = await metricsText();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toContain("# HELP alarm_console_index_sync_lag_seconds");
  });

  it("is one registry per process, however many copies of the module are loaded", async () => {
    vi.resetModules(); // as another route bundle would load it
    const copy = await import("./metrics");
    expect(copy.recordTokenRenewal).not.toBe(recordTokenRenewal);
    copy.recordTokenRenewal("twice");
    expect(await metricValue("alarm_console_token_renewals_total", { deployment: "twice" })).toBe(
      1,
    );
  });
});
