import { DEFAULT_SORT, type AlarmListQuery } from "@/lib/shared/alarms/query";

// The export's file name: the deployment, the view and the time, in safe characters only
// (acme-alarms-status-open-priority-high-2026-11-23T1405Z.csv), so that no browser or file system
// needs to rewrite it and a folder of exports sorts by deployment, view and time.

const MAX_VIEW_CHARS = 120;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** "status-open-priority-high-range-24h" (the filters and a sort other than the default). */
export function viewSlug(query: AlarmListQuery): string {
  const { filters, sort } = query;
  const parts: string[] = [];
  // A filter's several values: "status-open-or-in-review".
  const add = (name: string, values: readonly string[] | undefined) => {
    if (values) parts.push(`${name}-${values.join("-or-")}`);
  };
  add("status", filters.status);
  add("priority", filters.priority_label);
  if (filters.suppressed !== undefined) {
    parts.push(filters.suppressed ? "suppressed" : "not-suppressed");
  }
  add("intent", filters.rule_intent);
  add("strategy", filters.rule_strategy);
  add("method", filters.rule_method);
  add(
    "sensor",
    filters.alarm_sensor_sources?.map((sensor) => sensor.slice(0, 8)),
  );
  if (filters.range) parts.push(`last-${filters.range}`);
  if (sort.field !== DEFAULT_SORT.field || sort.direction !== DEFAULT_SORT.direction) {
    parts.push(`by-${sort.field}-${sort.direction}`);
  }
  return slug(parts.join("-")).slice(0, MAX_VIEW_CHARS).replace(/-+$/, "");
}

/** "2026-11-23T1405Z": the minute, in UTC. */
export function fileTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 13)}${iso.slice(14, 16)}Z`;
}

export function exportFileName(
  deployment: string,
  query: AlarmListQuery,
  at: number,
  extension: string,
): string {
  const view = viewSlug(query);
  const name = [slug(deployment) || "deployment", "alarms", view, fileTime(at)]
    .filter(Boolean)
    .join("-");
  return `${name}.${extension}`;
}

/** The header that makes the browser save the answer under `name` (already safe ASCII). */
export function contentDisposition(name: string): string {
  return `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
