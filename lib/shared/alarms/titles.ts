import { STATUS_NAME, countOf, formatCount } from "./format";
import { PRIORITY_TITLE } from "./priority";
import type { AlarmListQuery } from "./query";
import { rangeName } from "./time-range";
import type { AlarmDetail } from "./types";

/** The deployment a title names (its name tells tabs of two deployments apart). */
type Named = { name: string };

// Tab titles, so a row of tabs can be told apart. Client-safe.

/** "High · Brute Force Authentication / Windows RDP · Acme" */
export function alarmTitle(
  alarm: Pick<AlarmDetail, "priorityLabel" | "rule">,
  deployment: Named,
): string {
  const rule = [alarm.rule.strategy ?? alarm.rule.id ?? "Unnamed rule", alarm.rule.method]
    .filter(Boolean)
    .join(" / ");
  const title = alarm.priorityLabel ? `${PRIORITY_TITLE[alarm.priorityLabel]} · ${rule}` : rule;
  return `${title} · ${deployment.name}`;
}

const TITLE_SEARCH = 40;

/** A search as a title names it: quoted, cut to a tab's width. */
function searchTitle(q: string): string {
  const text = q.trim().replace(/\s+/g, " ");
  return `“${text.length > TITLE_SEARCH ? `${text.slice(0, TITLE_SEARCH - 1)}…` : text}”`;
}

/** A tab title that tells list tabs apart: "1,204 alarms · Open · High · Last 24 hours · Acme". */
export function listTitle(
  query: AlarmListQuery,
  total: number | undefined,
  deployment: Named,
): string {
  const f = query.filters;
  const parts = [total === undefined ? "Alarms" : countOf(total, "alarm")];
  if (query.q !== undefined) parts.push(searchTitle(query.q));
  // Several values of a filter are alternatives: "Open or In review".
  const either = (names: string[] | undefined) => {
    if (names) parts.push(names.join(" or "));
  };
  either(f.status?.map((status) => STATUS_NAME[status]));
  either(f.priority_label?.map((label) => PRIORITY_TITLE[label]));
  if (f.suppressed !== undefined) parts.push(f.suppressed ? "Suppressed" : "Not suppressed");
  for (const text of [f.rule_strategy, f.rule_method, f.rule_intent]) either(text);
  either(f.alarm_sensor_sources?.map((sensor) => `Sensor ${sensor.slice(0, 8)}`));
  if (f.range) parts.push(rangeName(f.range));
  else if (f.timestamp_occured_gte !== undefined || f.timestamp_occured_lte !== undefined) {
    parts.push("Time window");
  }
  if (query.page > 0) parts.push(`Page ${formatCount(query.page + 1)}`);
  parts.push(deployment.name);
  return `${parts.join(" · ")} · Alarm Console`;
}
