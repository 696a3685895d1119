import { formatCount } from "@/lib/alarms/format";
import type { AlarmListQuery } from "@/lib/alarms/query";
import { rangeName } from "@/lib/alarms/time-range";
import { STATUS_NAME } from "@/components/ui/badges";

const PRIORITY = { high: "High", medium: "Medium", low: "Low" } as const;

/** A tab title that tells list tabs apart: "1,204 alarms · Open · High · Last 24 hours". */
export function listTitle(query: AlarmListQuery, total: number | undefined): string {
  const f = query.filters;
  const parts = [total === undefined ? "Alarms" : `${formatCount(total)} alarms`];
  if (f.status) parts.push(STATUS_NAME[f.status]);
  if (f.priority_label) parts.push(PRIORITY[f.priority_label]);
  if (f.suppressed !== undefined) parts.push(f.suppressed ? "Suppressed" : "Not suppressed");
  for (const text of [f.rule_strategy, f.rule_method, f.rule_intent]) if (text) parts.push(text);
  if (f.alarm_sensor_sources) parts.push(`Sensor ${f.alarm_sensor_sources.slice(0, 8)}`);
  if (f.range) parts.push(rangeName(f.range));
  else if (f.timestamp_occured_gte !== undefined || f.timestamp_occured_lte !== undefined) {
    parts.push("Time window");
  }
  if (query.page > 0) parts.push(`Page ${formatCount(query.page + 1)}`);
  return `${parts.join(" · ")} · Alarm Console`;
}
