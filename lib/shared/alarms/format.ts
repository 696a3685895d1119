import type { StatusFilter } from "./query";
import type { AlarmSummary, Endpoint } from "./types";

// Display formatting shared by list and detail. Deterministic (fixed locale) so the server
// render and the browser's hydration produce the same text. Times in a zone: ./time-zone.
// Client-safe.

/** How a status is written everywhere (a priority: ./priority.ts PRIORITY_TITLE). */
export const STATUS_NAME: Record<StatusFilter, string> = {
  open: "Open",
  in_review: "In review",
  closed: "Closed",
  none: "No status",
};

const numberFormat = new Intl.NumberFormat("en-US");
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

const pluralRules = new Intl.PluralRules("en-US");

/**
 * A count with its noun, which agree: "1 alarm", "2 alarms", "0 alarms"; with `orMore` (a count
 * that is a lower bound) "1 or more alarms". `many` for a noun that is not `one` plus "s".
 */
export function countOf(
  count: number,
  one: string,
  { many = `${one}s`, orMore = false }: { many?: string; orMore?: boolean } = {},
): string {
  const noun = !orMore && pluralRules.select(count) === "one" ? one : many;
  return `${formatCount(count)}${orMore ? " or more" : ""} ${noun}`;
}

export function isoTime(ms: number | null | undefined): string | undefined {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return undefined;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600 * 1000],
  ["month", 30 * 24 * 3600 * 1000],
  ["week", 7 * 24 * 3600 * 1000],
  ["day", 24 * 3600 * 1000],
  ["hour", 3600 * 1000],
  ["minute", 60 * 1000],
  ["second", 1000],
];

/** "5 minutes ago", "in 2 hours". */
export function formatRelative(ms: number | null | undefined, now: number): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "";
  const diff = ms - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === "second") {
      return relativeFormat.format(Math.round(diff / size), unit);
    }
  }
  return "";
}

/** An endpoint that names nothing: what one the deployment described only in part is built on. */
export const NO_ENDPOINT: Endpoint = {
  address: null,
  hostname: null,
  fqdn: null,
  name: null,
  canonical: null,
  country: null,
  organisation: null,
  assetId: null,
  eventCount: null,
};

/** The name an analyst recognises first: a host name, then an address. */
export function endpointLabel(endpoint: Endpoint): string {
  return (
    endpoint.name ??
    endpoint.hostname ??
    endpoint.fqdn ??
    endpoint.address ??
    endpoint.canonical ??
    "unknown"
  );
}

/** How long after the first a second time came: "+4 s", "+2 min 5 s", "+1 h 3 min". */
export function formatDelay(fromMs: number | null, toMs: number | null): string | null {
  if (fromMs === null || toMs === null) return null;
  const seconds = Math.max(0, Math.round((toMs - fromMs) / 1000));
  if (seconds < 60) return `+${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `+${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `+${hours} h ${minutes % 60} min`;
  return `+${Math.floor(hours / 24)} d`;
}

/** "j.doe → svc-backup": the user names an alarm carries, of its source and its destination. */
export function usersText(alarm: Pick<AlarmSummary, "sourceUsername" | "destinationUsername">) {
  const { sourceUsername: source, destinationUsername: destination } = alarm;
  if (source && destination) return `${source} → ${destination}`;
  return source ?? (destination ? `→ ${destination}` : null);
}
