// How the index bench (bench/index-bench.ts and its views, bench/index-views.ts) measures: runs
// per shape, one timing, and a row of percentiles with its verdict against a target.
import { percentile } from "./stats";

export const RUNS = 40;
export const DAY = 24 * 3600_000;

export async function time<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export function row(name: string, times: number[], target?: number): string {
  const p50 = percentile(times, 50);
  const p99 = percentile(times, 99);
  const verdict =
    target === undefined ? "" : p99 <= target ? ` ≤ ${target} ok` : ` > ${target} MISSED`;
  return `  ${name.padEnd(42)} p50 ${p50.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms${verdict}`;
}
