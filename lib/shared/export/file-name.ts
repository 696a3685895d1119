import { DEFAULT_SORT, type AlarmListQuery } from "@/lib/shared/alarms/query";

// The export's file name: the deployment (or the deployments), the view and the time, in safe
// characters only (acme-alarms-status-open-priority-high-2026-11-23T1405Z.csv), so that no browser
// or file system needs to rewrite it and a folder of exports sorts by deployment, view and time.

const MAX_VIEW_CHARS = 120;
/** A search's share of the view's part of the name: enough to tell two searches apart. */
const MAX_SEARCH_CHARS = 40;
/** Deployments named in the file name of a queue of several; more are counted. */
const MAX_NAMED_DEPLOYMENTS = 3;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** "search-user-alice-status-open-last-24h": the search, the filters, a sort not the default. */
function viewSlug(query: AlarmListQuery): string {
  const { filters, sort } = query;
  const parts: string[] = [];
  const search = slug(query.q ?? "")
    .slice(0, MAX_SEARCH_CHARS)
    .replace(/-+$/, "");
  if (search) parts.push(`search-${search}`);
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
function fileTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 13)}${iso.slice(14, 16)}Z`;
}

/**
 * What a file of the queue of every deployment is named after: "all-deployments" for every one
 * the analyst may see (`named` empty), else the deployments it names ("deployments-acme-beta",
 * "deployments-acme-beta-gamma-and-2-more").
 */
export function exportScopeName(named: readonly string[]): string {
  if (named.length === 0) return "all-deployments";
  const shown = named.slice(0, MAX_NAMED_DEPLOYMENTS).map(slug);
  const more = named.length - shown.length;
  return ["deployments", ...shown, ...(more > 0 ? [`and-${more}-more`] : [])].join("-");
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
