// The benches' one statistic: nearest-rank percentiles of a set of timings.

/** The p-th percentile (nearest rank) of `times`, in any order; NaN when there are none. */
export function percentile(times: readonly number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
