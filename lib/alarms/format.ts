import type { Endpoint } from "./types";

// Display formatting shared by list and detail. Deterministic (fixed locale, UTC) so the server
// render and the browser's hydration produce the same text, and so two analysts in different
// time zones who share a link read the same times. Client-safe.

const numberFormat = new Intl.NumberFormat("en-US");
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** "2025-11-21 10:23:45 UTC" */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "—";
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return "—";
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
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

/** "2025-11-21 10:23:45": the time filter's text, in UTC like every time on screen. */
export function toUtcInputValue(ms: number | undefined): string {
  if (ms === undefined) return "";
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 19).replace("T", " ");
}

const UTC_INPUT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?\s*(?:UTC|Z)?$/i;

/**
 * The epoch ms of a typed or pasted UTC time ("2025-11-21 10:23:45 UTC" as the table shows it,
 * "2025-11-21T10:23", or a bare date for midnight), or undefined when it is not one.
 */
export function fromUtcInputValue(value: string): number | undefined {
  const match = UTC_INPUT.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = "0", mi = "0", sec = "0"] = match;
  const parts = [y, mo, d, h, mi, sec].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [year, month, day, hour, minute, second] = parts;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(ms);
  // Reject dates that do not exist (2025-02-30) rather than rolling them over.
  if (
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  return ms;
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
