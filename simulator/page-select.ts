// Picks one page of alarms: marks the matching rows, walks the precomputed sort order once,
// counts every match for totalElements and keeps only the rows of the requested page. Live
// alarms (arrivals, admin-added), when any is visible and matches, are merged in by page-merge;
// without them this is the still data set's path, unchanged in cost.
import type { AlarmQuery } from "./alarm-query";
import { AlarmRow, baseRow } from "./alarm-row";
import { Dataset, sortOrder } from "./dataset";
import { buildMask, compileFilter, rowMatches } from "./page-filter";
import { allPage } from "./page-merge";
import { runsOf, sliceRuns } from "./sort-orders";

export interface SelectedPage {
  rows: AlarmRow[];
  totalElements: number;
}

/** `live`: the live alarms visible now (received by now), in any order. */
export function selectPage(
  ds: Dataset,
  q: AlarmQuery,
  live: readonly AlarmRow[] = [],
): SelectedPage {
  const filter = compileFilter(ds, q.filters);
  if (filter.impossible) return { rows: [], totalElements: 0 };
  const order = sortOrder(ds, q.sortField);
  const runs = runsOf(order, q.descending);
  const matching = live.filter((row) => rowMatches(filter, row));
  if (matching.length > 0) return allPage(ds, q, filter, order, runs, matching);
  if (filter.baseEmpty) return { rows: [], totalElements: 0 };

  const start = q.page * q.size;
  const end = start + q.size;
  if (!filter.active) {
    // Unfiltered: jump straight to the page without visiting the rows before it.
    const rows = sliceRuns(order, runs, start, q.size);
    return { rows: rows.map((i) => baseRow(ds, i)), totalElements: ds.count };
  }

  const mask = buildMask(ds, filter);
  const rows: number[] = [];
  let seen = 0;
  for (const run of runs) {
    for (let p = run.from; p !== run.to; p += run.step) {
      const i = order.asc[p]!;
      if (mask[i] === 0) continue;
      if (seen >= start && seen < end) rows.push(i);
      seen++;
    }
  }
  return { rows: rows.map((i) => baseRow(ds, i)), totalElements: seen };
}
