// Picks one page of alarm indices: marks the matching rows, walks the precomputed sort order
// once, counts every match for totalElements and keeps only the rows of the requested page.
import type { AlarmFilters, AlarmQuery } from "./alarm-query";
import { Dataset } from "./dataset";
import { runsOf } from "./sort-orders";
import { RULES } from "./taxonomy";

interface CompiledFilter {
  /** Nothing can match (unknown sensor, empty time range, no rule with that name...). */
  impossible: boolean;
  /** At least one filter is given; otherwise the page is a plain slice of the sort order. */
  active: boolean;
  statusMask: Uint8Array | null;
  suppressed: number;
  priorityMin: number;
  priorityMax: number;
  ruleMask: Uint8Array | null;
  sensor: number;
  offsetMin: number;
  offsetMax: number;
}

function compile(ds: Dataset, f: AlarmFilters): CompiledFilter {
  let ruleMask: Uint8Array | null = null;
  if (f.ruleIntent !== null || f.ruleMethod !== null || f.ruleStrategy !== null) {
    ruleMask = Uint8Array.from(RULES, (r) =>
      (f.ruleIntent === null || r.intent === f.ruleIntent) &&
      (f.ruleMethod === null || r.method === f.ruleMethod) &&
      (f.ruleStrategy === null || r.strategy === f.ruleStrategy)
        ? 1
        : 0,
    );
  }
  const sensor =
    f.sensorUuid === null ? -1 : ds.catalog.sensors.findIndex((s) => s.uuid === f.sensorUuid);
  // occurred = baseMs - offset * 1000, so time bounds become offset bounds.
  const offsetMax =
    f.occurredGte === null ? Infinity : Math.floor((ds.baseMs - f.occurredGte) / 1000);
  const offsetMin = f.occurredLte === null ? 0 : Math.ceil((ds.baseMs - f.occurredLte) / 1000);
  const impossible =
    (ruleMask !== null && !ruleMask.includes(1)) ||
    (f.sensorUuid !== null && sensor < 0) ||
    offsetMax < Math.max(0, offsetMin);
  return {
    impossible,
    active:
      f.statusMask !== null ||
      f.suppressed !== null ||
      f.priorityLabel !== null ||
      ruleMask !== null ||
      f.sensorUuid !== null ||
      f.occurredGte !== null ||
      f.occurredLte !== null,
    statusMask: f.statusMask,
    suppressed: f.suppressed === null ? -1 : f.suppressed ? 1 : 0,
    priorityMin: f.priorityLabel?.min ?? 0,
    priorityMax: f.priorityLabel?.max ?? 100,
    ruleMask,
    sensor,
    offsetMin,
    offsetMax,
  };
}

/** First index whose offset is >= target (offsets ascend with the index). */
function lowerBound(offsets: Uint32Array, target: number): number {
  let lo = 0;
  let hi = offsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (offsets[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One byte per alarm, 1 = matches. Built column by column in index order (sequential reads,
 * cache-friendly) so the walk over the sort order touches one byte per row instead of every
 * filtered column at random positions. The time range is a contiguous index range.
 */
function buildMask(ds: Dataset, c: CompiledFilter): Uint8Array {
  const mask = ds.scratchMask;
  mask.fill(0);
  const from = lowerBound(ds.offsetSec, c.offsetMin);
  const to = c.offsetMax === Infinity ? ds.count : lowerBound(ds.offsetSec, c.offsetMax + 1);
  mask.fill(1, from, to);
  const keep = (column: Uint8Array, allowed: (value: number) => boolean) => {
    const table = Uint8Array.from({ length: 256 }, (_, v) => (allowed(v) ? 1 : 0));
    for (let i = from; i < to; i++) mask[i]! &= table[column[i]!]!;
  };
  if (c.statusMask) keep(ds.status, (v) => c.statusMask?.[v] === 1);
  if (c.suppressed >= 0) keep(ds.suppressed, (v) => v === c.suppressed);
  if (c.priorityMin > 0 || c.priorityMax < 100) {
    keep(ds.priority, (v) => v >= c.priorityMin && v <= c.priorityMax);
  }
  if (c.ruleMask) keep(ds.rule, (v) => c.ruleMask?.[v] === 1);
  if (c.sensor >= 0) keep(ds.sensor, (v) => v === c.sensor);
  return mask;
}

export interface SelectedPage {
  rows: number[];
  totalElements: number;
}

export function selectPage(ds: Dataset, q: AlarmQuery): SelectedPage {
  const filter = compile(ds, q.filters);
  if (filter.impossible) return { rows: [], totalElements: 0 };
  const order = ds.orders[q.sortField];
  const runs = runsOf(order, q.descending);
  const start = q.page * q.size;
  const end = start + q.size;
  const rows: number[] = [];

  if (!filter.active) {
    // Unfiltered: jump straight to the page without visiting the rows before it.
    let skip = start;
    for (const run of runs) {
      const length = Math.abs(run.to - run.from);
      if (skip >= length) {
        skip -= length;
        continue;
      }
      for (
        let p = run.from + skip * run.step;
        p !== run.to && rows.length < q.size;
        p += run.step
      ) {
        rows.push(order.asc[p]!);
      }
      skip = 0;
      if (rows.length === q.size) break;
    }
    return { rows, totalElements: ds.count };
  }

  const mask = buildMask(ds, filter);
  let seen = 0;
  for (const run of runs) {
    for (let p = run.from; p !== run.to; p += run.step) {
      const i = order.asc[p]!;
      if (mask[i] === 0) continue;
      if (seen >= start && seen < end) rows.push(i);
      seen++;
    }
  }
  return { rows, totalElements: seen };
}
