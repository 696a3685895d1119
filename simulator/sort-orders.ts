// One precomputed ascending permutation per sort field; descending reads it in reverse.
// Discrete fields (priority, status, rule strings) also keep group boundaries so that a
// descending read can walk groups backwards but rows inside a group forwards: ties then stay
// ordered by alarm index (newest first) in both directions.

export interface SortOrder {
  /** Alarm indices, sort key ascending, ties by index ascending. */
  asc: Int32Array;
  /** For discrete keys: starts[k] .. starts[k+1] is the run of rows whose key is k. */
  starts: Int32Array | null;
}

/** A stretch of positions in `asc` to visit: from `from` (inclusive) to `to` (exclusive). */
export interface Run {
  from: number;
  to: number;
  step: 1 | -1;
}

/** Stable counting sort for small keys (0..maxKey); keeps group boundaries. */
export function countingOrder(keys: Uint8Array, maxKey: number): SortOrder {
  const starts = new Int32Array(maxKey + 2);
  for (let i = 0; i < keys.length; i++) starts[keys[i]! + 1]!++;
  for (let k = 1; k < starts.length; k++) starts[k]! += starts[k - 1]!;
  const cursor = starts.slice(0, maxKey + 1);
  const asc = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) asc[cursor[keys[i]!]!++] = i;
  return { asc, starts };
}

/** Stable LSD radix sort (two 16-bit passes) of indices by a 32-bit unsigned key. */
export function radixOrder(keys: Uint32Array): SortOrder {
  const n = keys.length;
  let src = new Int32Array(n);
  let dst = new Int32Array(n);
  for (let i = 0; i < n; i++) src[i] = i;
  for (const shift of [0, 16]) {
    const counts = new Int32Array(65537);
    for (let i = 0; i < n; i++) counts[((keys[i]! >>> shift) & 0xffff) + 1]!++;
    for (let k = 1; k < counts.length; k++) counts[k]! += counts[k - 1]!;
    for (let p = 0; p < n; p++) {
      const idx = src[p]!;
      dst[counts[(keys[idx]! >>> shift) & 0xffff]!++] = idx;
    }
    [src, dst] = [dst, src];
  }
  return { asc: src, starts: null };
}

/** Indices n-1 .. 0: the order of a column that is already descending by index. */
export function reversedIdentity(n: number): SortOrder {
  const asc = new Int32Array(n);
  for (let i = 0; i < n; i++) asc[i] = n - 1 - i;
  return { asc, starts: null };
}

export function runsOf(order: SortOrder, descending: boolean): Run[] {
  const n = order.asc.length;
  if (!descending) return [{ from: 0, to: n, step: 1 }];
  if (!order.starts) return [{ from: n - 1, to: -1, step: -1 }];
  const runs: Run[] = [];
  for (let k = order.starts.length - 2; k >= 0; k--) {
    const from = order.starts[k]!;
    const to = order.starts[k + 1]!;
    if (to > from) runs.push({ from, to, step: 1 });
  }
  return runs;
}

/** Up to `count` alarm indices in run order, skipping the first `skip`, without visiting them. */
export function sliceRuns(order: SortOrder, runs: Run[], skip: number, count: number): number[] {
  const rows: number[] = [];
  let left = skip;
  for (const run of runs) {
    const length = Math.abs(run.to - run.from);
    if (left >= length) {
      left -= length;
      continue;
    }
    for (let p = run.from + left * run.step; p !== run.to && rows.length < count; p += run.step) {
      rows.push(order.asc[p]!);
    }
    left = 0;
    if (rows.length === count) break;
  }
  return rows;
}
