// One alarm's filterable and sortable fields, however it is stored: a row of the big columns
// (the generated set) or an entry of the live side table (arrivals, admin-added alarms).
// alarm-builder reads alarms only through this, so both kinds come out in the same shape.
import { Dataset, occurredMs, receivedMs } from "./dataset";
import type { Staged } from "./staged";

export interface AlarmRow {
  /** The uuid's index: < ds.count for the generated set, beyond it for live alarms. */
  index: number;
  occurredMs: number;
  receivedMs: number;
  priority: number;
  /** A STATUS_NAMES code (0 = no status). */
  status: number;
  /** Index into RULES. */
  rule: number;
  suppressed: boolean;
  /** Index into the catalog's sensors. */
  sensor: number;
  eventsCount: number;
  /** What the admin API fixed beyond the columns (admin-added alarms only). */
  staged?: Staged;
}

export function baseRow(ds: Dataset, index: number): AlarmRow {
  return {
    index,
    occurredMs: occurredMs(ds, index),
    receivedMs: receivedMs(ds, index),
    priority: ds.priority[index]!,
    status: ds.status[index]!,
    rule: ds.rule[index]!,
    suppressed: ds.suppressed[index] === 1,
    sensor: ds.sensor[index]!,
    eventsCount: ds.eventsCount[index]!,
  };
}
