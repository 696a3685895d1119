// The filters of GET /api/2.0/alarms compiled once per request: a byte mask over the generated
// set's columns, and a predicate for the few live alarms kept beside them.
import type { AlarmFilters } from "./alarm-query";
import type { AlarmRow } from "./alarm-row";
import type { Dataset } from "./dataset";
import { RULES } from "./taxonomy";

export interface CompiledFilter {
  /** Nothing can match (unknown sensor, inverted time range, no rule with that name...). */
  impossible: boolean;
  /** No generated alarm can match (the time range lies outside the generated set's). */
  baseEmpty: boolean;
  /** At least one filter is given; otherwise the page is a plain slice of the sort order. */
  active: boolean;
  statusMask: Uint8Array | null;
  suppressed: number;
  priorityMin: number;
  priorityMax: number;
  ruleMask: Uint8Array | null;
  sensor: number;
  /** The time range in the generated set's offsets (seconds before baseMs)... */
  offsetMin: number;
  offsetMax: number;
  /** ...and in epoch ms, for live alarms. */
  occurredMin: number;
  occurredMax: number;
}

export function compileFilter(ds: Dataset, f: AlarmFilters): CompiledFilter {
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
  const occurredMin = f.occurredGte ?? -Infinity;
  const occurredMax = f.occurredLte ?? Infinity;
  const impossible =
    (ruleMask !== null && !ruleMask.includes(1)) ||
    (f.sensorUuid !== null && sensor < 0) ||
    occurredMin > occurredMax;
  return {
    impossible,
    baseEmpty: ds.count === 0 || offsetMax < Math.max(0, offsetMin),
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
    occurredMin,
    occurredMax,
  };
}

/** Whether a live alarm passes the filter, exactly as buildMask judges a generated one. */
export function rowMatches(c: CompiledFilter, row: AlarmRow): boolean {
  return (
    (c.statusMask === null || c.statusMask[row.status] === 1) &&
    (c.suppressed < 0 || (row.suppressed ? 1 : 0) === c.suppressed) &&
    row.priority >= c.priorityMin &&
    row.priority <= c.priorityMax &&
    (c.ruleMask === null || c.ruleMask[row.rule] === 1) &&
    (c.sensor < 0 || row.sensor === c.sensor) &&
    row.occurredMs >= c.occurredMin &&
    row.occurredMs <= c.occurredMax
  );
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
export function buildMask(ds: Dataset, c: CompiledFilter): Uint8Array {
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
