// Pages over the generated set and the live alarms together. The live alarms that pass the
// filter (a few hundred, not millions) are sorted on their own; each is then placed by how many
// generated alarms precede it in the precomputed order (a binary search), so a page merges the
// two sequences without rebuilding any order: O(n) filtered walk as before, plus O(m log m).
//
// Ties with generated alarms: live alarms count as newer than every generated one, which keeps
// the generated set's rule (newest first in both directions for priority, status and rule
// fields; for times, newest first in desc and last in asc). Among live alarms, a higher uuid
// index is newer.
import type { AlarmQuery } from "./alarm-query";
import { AlarmRow, baseRow } from "./alarm-row";
import { Dataset, SortField, occurredMs, receivedMs, ruleRanks } from "./dataset";
import { CompiledFilter, buildMask } from "./page-filter";
import { Run, SortOrder, sliceRuns } from "./sort-orders";

interface Placed {
  row: AlarmRow;
  key: number;
  /** How many generated alarms come before it in the walk over the sort order. */
  before: number;
}

export interface AllPage {
  rows: AlarmRow[];
  totalElements: number;
}

const RANKS = {
  rule_intent: ruleRanks("intent"),
  rule_strategy: ruleRanks("strategy"),
  rule_method: ruleRanks("method"),
};

/** The value a field sorts by, for a generated alarm (by index) and for a live one. */
function sortKeys(ds: Dataset, field: SortField) {
  switch (field) {
    case "timestamp_occured":
      return { base: (i: number) => occurredMs(ds, i), live: (r: AlarmRow) => r.occurredMs };
    case "timestamp_received":
      return { base: (i: number) => receivedMs(ds, i), live: (r: AlarmRow) => r.receivedMs };
    case "priority":
      return { base: (i: number) => ds.priority[i]!, live: (r: AlarmRow) => r.priority };
    case "status":
      return { base: (i: number) => ds.status[i]!, live: (r: AlarmRow) => r.status };
    default: {
      const ranks = RANKS[field];
      return { base: (i: number) => ranks[ds.rule[i]!]!, live: (r: AlarmRow) => ranks[r.rule]! };
    }
  }
}

/** Positions in `order.asc` (ascending keys) whose key is below `key` (or not above it). */
function countBelow(order: SortOrder, keyOf: (i: number) => number, key: number, orEqual: boolean) {
  let lo = 0;
  let hi = order.asc.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const k = keyOf(order.asc[mid]!);
    if (k < key || (orEqual && k === key)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The matching live alarms in page order, each with its place among the generated ones. */
function placeLive(ds: Dataset, q: AlarmQuery, order: SortOrder, live: AlarmRow[]): Placed[] {
  const keys = sortKeys(ds, q.sortField);
  // Discrete fields put newer rows first in both directions; times reverse fully.
  const newerLast = order.starts === null && !q.descending;
  const sign = q.descending ? -1 : 1;
  const placed = live.map((row) => ({ row, key: keys.live(row), before: 0 }));
  placed.sort(
    (a, b) => sign * (a.key - b.key) || (newerLast ? 1 : -1) * (a.row.index - b.row.index),
  );
  const n = order.asc.length;
  for (const p of placed) {
    // Ascending: the generated rows with a smaller key, and the ties too when newer goes last.
    // Descending: those with a greater key (live alarms lead every tie).
    p.before = q.descending
      ? n - countBelow(order, keys.base, p.key, true)
      : countBelow(order, keys.base, p.key, newerLast);
  }
  return placed;
}

/** An unfiltered page: jump to it in both sequences, visiting only the page's rows. */
function unfilteredPage(
  ds: Dataset,
  q: AlarmQuery,
  order: SortOrder,
  runs: Run[],
  placed: Placed[],
) {
  const start = q.page * q.size;
  // The live alarms among the first `start` rows of the merged sequence come first in `placed`.
  let next = 0;
  while (next < placed.length && placed[next]!.before + next < start) next++;
  let position = start - next;
  const generated = position < ds.count ? sliceRuns(order, runs, position, q.size) : [];
  const rows: AlarmRow[] = [];
  let g = 0;
  while (rows.length < q.size) {
    const live = placed[next];
    if (live && live.before <= position) {
      rows.push(live.row);
      next++;
    } else if (g < generated.length) {
      rows.push(baseRow(ds, generated[g++]!));
      position++;
    } else break;
  }
  return { rows, totalElements: ds.count + placed.length };
}

/** A filtered page: one walk over the sort order, live alarms slotted in where they belong. */
function filteredPage(
  ds: Dataset,
  q: AlarmQuery,
  filter: CompiledFilter,
  order: SortOrder,
  runs: Run[],
  placed: Placed[],
) {
  const start = q.page * q.size;
  const end = start + q.size;
  const rows: AlarmRow[] = [];
  let seen = 0;
  let next = 0;
  let position = 0;
  if (!filter.baseEmpty) {
    const mask = buildMask(ds, filter);
    for (const run of runs) {
      let p = run.from;
      while (p !== run.to) {
        while (next < placed.length && placed[next]!.before <= position) {
          if (seen >= start && seen < end) rows.push(placed[next]!.row);
          seen++;
          next++;
        }
        // A tight stretch up to the next live alarm's place (or the run's end), as without any.
        const due = next < placed.length ? placed[next]!.before : Infinity;
        const steps = Math.min(due - position, Math.abs(run.to - p));
        const stop = p + steps * run.step;
        for (; p !== stop; p += run.step) {
          const i = order.asc[p]!;
          if (mask[i] === 0) continue;
          if (seen >= start && seen < end) rows.push(baseRow(ds, i));
          seen++;
        }
        position += steps;
      }
    }
  }
  for (; next < placed.length; next++, seen++) {
    if (seen >= start && seen < end) rows.push(placed[next]!.row);
  }
  return { rows, totalElements: seen };
}

/** `live`: the visible live alarms that pass the filter (at least one). */
export function allPage(
  ds: Dataset,
  q: AlarmQuery,
  filter: CompiledFilter,
  order: SortOrder,
  runs: Run[],
  live: AlarmRow[],
): AllPage {
  const placed = placeLive(ds, q, order, live);
  return filter.active
    ? filteredPage(ds, q, filter, order, runs, placed)
    : unfilteredPage(ds, q, order, runs, placed);
}
