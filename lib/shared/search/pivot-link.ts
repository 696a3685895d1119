// Pivots from an alarm's detail: which of its values lead to a search (addresses, hosts, users,
// sensors, the rule's strategy and method, the ATT&CK technique), the `field:value` term for each
// (quoted where the search language needs it), and the list link that searches for it in the
// time range of the list the analyst came from. Browser-safe, no zod.

import { listPath } from "@/lib/shared/alarms/paths";
import { writeLinkTime } from "@/lib/shared/alarms/link-time";
import { type AlarmListQuery, type RangeId, linkSearch } from "@/lib/shared/alarms/query";
import { rangeName } from "@/lib/shared/alarms/time-range";
import { UTC } from "@/lib/shared/alarms/time-zone";
import type { AlarmSummary, Endpoint } from "@/lib/shared/alarms/types";
import { quoteSearchValue } from "./quote";

export { quoteSearchValue };

export const PIVOT_FIELDS = [
  "ip",
  "host",
  "user",
  "sensor",
  "strategy",
  "method",
  "technique",
] as const;
export type PivotField = (typeof PIVOT_FIELDS)[number];

export interface PivotValue {
  field: PivotField;
  value: string;
}

/** The time a pivot searches: a rolling range, or the list's absolute bounds (epoch ms). */
export type PivotRange = { range: RangeId } | { gte: number | null; lte: number | null };

/** Without a list to take it from (a shared link, a list over all time): the last 7 days. */
export const DEFAULT_PIVOT_RANGE = { range: "7d" } as const satisfies PivotRange;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Whether `value` is one IPv4 or IPv6 address (no range, no zone). */
export function isIpAddress(value: string): boolean {
  if (IPV4.test(value)) return true;
  if (!value.includes(":") || !/^[0-9a-f:.]+$/i.test(value)) return false;
  try {
    // The URL parser is the browser's and Node's own IPv6 reader.
    new URL(`http://[${value}]/`);
    return true;
  } catch {
    return false;
  }
}

/** The search term `field:value` (the value quoted when it must be). */
export function pivotTerm({ field, value }: PivotValue): string {
  return `${field}:${quoteSearchValue(value)}`;
}

/** The time range of the list a detail was opened from; the default when it had none. */
export function pivotRangeOf(from: AlarmListQuery | null): PivotRange {
  const filters = from?.filters;
  if (filters?.range) return { range: filters.range };
  const { timestamp_occured_gte: gte, timestamp_occured_lte: lte } = filters ?? {};
  if (gte !== undefined || lte !== undefined) return { gte: gte ?? null, lte: lte ?? null };
  return DEFAULT_PIVOT_RANGE;
}

/** The list's (and the pivots API's) parameters for a range, in the list's key order. */
export function pivotRangeParams(range: PivotRange): [string, string][] {
  if ("range" in range) return [["range", range.range]];
  const params: [string, string][] = [];
  if (range.gte !== null) params.push(["timestamp_occured_gte", writeLinkTime(range.gte)]);
  if (range.lte !== null) params.push(["timestamp_occured_lte", writeLinkTime(range.lte)]);
  return params;
}

/** How a count's range reads after "14 alarms": "in the last 7 days". */
export function pivotRangePhrase(range: PivotRange): string {
  if ("range" in range) return `in the ${rangeName(range.range).toLowerCase()}`;
  return "in the list's time range";
}

/** The deployment's list searching for `pivot` in `range`, read in zone `tz`. */
export function pivotHref(
  deployment: string,
  pivot: PivotValue,
  range: PivotRange,
  tz: string = UTC,
): string {
  const params = new URLSearchParams([["q", pivotTerm(pivot)], ...pivotRangeParams(range)]);
  if (tz !== UTC) params.set("tz", tz);
  return `${listPath(deployment)}${linkSearch(params)}`;
}

const present = (value: string | null) => (value?.trim() ? value : null);

/** The host names an endpoint shows: its hostname (else name), and its FQDN when different. */
export function endpointHosts(endpoint: Endpoint): { name: string | null; fqdn: string | null } {
  const name = present(endpoint.hostname ?? endpoint.name);
  const fqdn = present(endpoint.fqdn);
  return { name, fqdn: fqdn !== name ? fqdn : null };
}

/**
 * What a host name pivots on: a host, or an address when the upstream put one there (the index
 * keeps addresses apart from host names).
 */
export function hostPivot(value: string): PivotValue {
  const trimmed = value.trim();
  return isIpAddress(trimmed) ? { field: "ip", value: trimmed } : { field: "host", value };
}

/** The technique a detail pivots on: its ATT&CK id, else its name. */
export function techniqueOf(rule: AlarmSummary["rule"]): string | null {
  return rule.attackId?.trim() || rule.attackTechnique?.trim() || null;
}

/** The sensors a detail shows: the alarm's own, then those of its events. */
export function sensorsOf(alarm: Pick<AlarmSummary, "sensorUuid" | "sensorSources">): string[] {
  return [...new Set([alarm.sensorUuid, ...alarm.sensorSources])].filter(
    (sensor): sensor is string => Boolean(sensor),
  );
}

/** One key per value as the search compares it (case-insensitively, trimmed). */
export function pivotKey({ field, value }: PivotValue): string {
  return `${field}:${value.trim().toLowerCase()}`;
}

/** Every value of `alarm` that is a pivot on its detail, each once. */
export function pivotValues(alarm: AlarmSummary): PivotValue[] {
  const found = new Map<string, PivotValue>();
  const add = (pivot: PivotValue | null) => {
    if (pivot && pivot.value.trim() && !found.has(pivotKey(pivot))) {
      found.set(pivotKey(pivot), pivot);
    }
  };
  for (const endpoint of [...alarm.sources, ...alarm.destinations]) {
    const address = endpoint.address?.trim();
    if (address && isIpAddress(address)) add({ field: "ip", value: address });
    const { name, fqdn } = endpointHosts(endpoint);
    for (const host of [name, fqdn]) if (host) add(hostPivot(host));
  }
  for (const user of [alarm.sourceUsername, alarm.destinationUsername]) {
    if (user) add({ field: "user", value: user });
  }
  for (const sensor of sensorsOf(alarm)) add({ field: "sensor", value: sensor });
  const { rule } = alarm;
  if (rule.strategy) add({ field: "strategy", value: rule.strategy });
  if (rule.method) add({ field: "method", value: rule.method });
  const technique = techniqueOf(rule);
  if (technique) add({ field: "technique", value: technique });
  return [...found.values()];
}
