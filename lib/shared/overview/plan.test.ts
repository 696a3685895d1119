import { describe, expect, it } from "vitest";
import {
  MAX_BUCKETS,
  MAX_INTENTS,
  MIN_BUCKETS,
  OVERVIEW_STEP_MS,
  baseFilters,
  dimensionValues,
  histogramBuckets,
  withValue,
} from "./plan";

const H = 3_600_000;
const D = 24 * H;

function expectTiling(buckets: { gte: number; lte: number }[], gte: number, lte: number) {
  expect(buckets[0]!.gte).toBe(gte);
  expect(buckets.at(-1)!.lte).toBe(lte);
  buckets.forEach((bucket, index) => {
    expect(bucket.lte).toBeGreaterThanOrEqual(bucket.gte);
    if (index > 0) expect(bucket.gte).toBe(buckets[index - 1]!.lte + 1);
  });
}

describe("histogramBuckets", () => {
  it("cuts the last 24 hours into whole hours, the edges partial", () => {
    const lte = Date.UTC(2026, 10, 23, 14, 30);
    const gte = lte - D;
    const buckets = histogramBuckets(gte, lte);
    expect(buckets).toHaveLength(25);
    expectTiling(buckets, gte, lte);
    expect(buckets[1]!.gte).toBe(Date.UTC(2026, 10, 22, 15, 0));
    expect(buckets[1]!.lte - buckets[1]!.gte + 1).toBe(H);
  });

  it.each([
    ["1h", H, 30], // its last bar, a millisecond at 14:30:00.000, joins the one before
    ["7d", 7 * D, 29],
    ["30d", 30 * D, 31],
  ])("gives the %s range round bars", (_name, span, bars) => {
    const lte = Date.UTC(2026, 10, 23, 14, 30);
    const buckets = histogramBuckets(lte - span, lte);
    expect(buckets).toHaveLength(bars);
    expectTiling(buckets, lte - span, lte);
  });

  it("keeps every span from a minute to two years within 24 to 48 bars that tile it", () => {
    let span = 60_000;
    const start = Date.UTC(2026, 0, 1, 3, 7, 11, 13);
    while (span < 2 * 365 * D) {
      const buckets = histogramBuckets(start, start + span);
      expect(buckets.length, `span ${span}`).toBeGreaterThanOrEqual(MIN_BUCKETS);
      expect(buckets.length, `span ${span}`).toBeLessThanOrEqual(MAX_BUCKETS);
      expectTiling(buckets, start, start + span);
      span = Math.ceil(span * 1.37);
    }
  });

  it("joins a sliver at the end of a rolling range to the bar before it", () => {
    const lte = Date.UTC(2026, 10, 23, 14, 0, 30); // 30 s into an hour
    const buckets = histogramBuckets(lte - D, lte);
    expect(buckets).toHaveLength(24);
    expectTiling(buckets, lte - D, lte);
    expect(buckets.at(-1)!.gte).toBe(Date.UTC(2026, 10, 23, 13, 0));
  });

  it("uses round widths for most spans: even bars for at most a fifth of them", () => {
    let even = 0;
    let spans = 0;
    for (let span = 30 * 60_000; span < 3 * 365 * D; span = Math.ceil(span * 1.07)) {
      const buckets = histogramBuckets(Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1) + span);
      const width = buckets[1]!.lte - buckets[1]!.gte + 1;
      if (buckets[1]!.gte % width !== 0) even++;
      spans++;
    }
    expect(even / spans).toBeLessThan(0.2);
  });

  it("has nothing to cut when the bounds are reversed", () => {
    expect(histogramBuckets(10, 5)).toEqual([]);
  });
});

describe("the counts' filters", () => {
  it("resolves a rolling range on a shared step, so a view's counts are shared a while", () => {
    const now = Date.UTC(2026, 10, 23, 14, 0, 1);
    const a = baseFilters({ range: "24h", status: ["open"] }, now);
    const b = baseFilters({ range: "24h", status: ["open"] }, now + 20_000);
    expect(a).toEqual(b);
    expect(a.timestamp_occured_lte! % OVERVIEW_STEP_MS).toBe(0);
    expect(a.timestamp_occured_lte! - a.timestamp_occured_gte!).toBe(D);
    expect(a).not.toHaveProperty("range");
  });

  it("leaves out the dimension's own filter and keeps the others", () => {
    const base = baseFilters({ status: ["open"], priority_label: ["high"] }, 0);
    expect(withValue(base, "status", "closed")).toEqual({
      status: ["closed"],
      priority_label: ["high"],
    });
    expect(withValue(base, "status", undefined)).toEqual({ priority_label: ["high"] });
  });

  it("counts the most seen intents and always the filtered one", () => {
    const known = Array.from({ length: 12 }, (_, i) => `Intent ${i}`);
    expect(dimensionValues("intent", {}, known)).toEqual(known.slice(0, MAX_INTENTS));
    const values = dimensionValues("intent", { rule_intent: ["Rare"] }, known);
    expect(values).toHaveLength(MAX_INTENTS);
    expect(values).toContain("Rare");
    expect(dimensionValues("intent", { rule_intent: ["Intent 2"] }, known)).toEqual(
      known.slice(0, MAX_INTENTS),
    );
  });
});
