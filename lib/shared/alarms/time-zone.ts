// Time zones: which zone the analyst reads times in (the `tz` URL parameter, UTC by default, so a
// shared link shows the recipient the sender's clock), and times written and read in that zone.
// Deterministic given (ms, zone): server render and hydration agree. Client-safe, no zod.

export const UTC = "UTC";

const canonicalCache = new Map<string, string | null>();

/** The zone's canonical IANA name (`europe/berlin` -> `Europe/Berlin`), or null if unknown. */
export function canonicalTimeZone(raw: string): string | null {
  const key = raw.trim();
  if (key === "" || key.length > 64 || !/^[A-Za-z0-9_/+-]+$/.test(key)) return null;
  const cached = canonicalCache.get(key);
  if (cached !== undefined) return cached;
  let zone: string | null;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: key }).resolvedOptions().timeZone;
    const lower = key.toLowerCase();
    // Runtimes disagree on canonical names (Node: Asia/Calcutta, Chromium: Asia/Kolkata), so
    // only the case is corrected; an alias the runtime accepts is kept as the analyst wrote it.
    zone =
      knownTimeZones().find((known) => known.toLowerCase() === lower) ??
      (resolved.toLowerCase() === lower ? resolved : key);
    if (/^(etc\/)?(utc|gmt|uct|zulu|universal|greenwich)$/i.test(zone)) zone = UTC;
  } catch {
    zone = null;
  }
  if (canonicalCache.size < 1000) canonicalCache.set(key, zone);
  return zone;
}

let known: string[] | undefined;

/** Every zone this runtime knows, UTC first (for the picker). */
export function knownTimeZones(): string[] {
  if (!known) {
    const zones =
      typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    known = [UTC, ...zones.filter((zone) => zone !== UTC)];
  }
  return known;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormats.set(zone, format);
  }
  return format;
}

function wallClock(ms: number, zone: string): WallClock {
  if (zone === UTC) {
    const date = new Date(ms);
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
    };
  }
  const clock: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(ms)) {
    if (part.type !== "literal") clock[part.type] = Number(part.value);
  }
  return clock as unknown as WallClock;
}

/** Minutes the zone is ahead of UTC at that instant (Berlin in winter: 60). */
export function offsetMinutes(ms: number, zone: string): number {
  if (zone === UTC) return 0;
  const clock = wallClock(ms, zone);
  const asUtc = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** "UTC", or the offset that zone had at that instant: "UTC+1", "UTC-3:30", "UTC+0". */
export function zoneLabel(ms: number, zone: string): string {
  if (zone === UTC) return "UTC";
  const offset = offsetMinutes(ms, zone);
  const sign = offset < 0 ? "-" : "+";
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  return `UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""}`;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

function validMs(ms: number | null | undefined): ms is number {
  return typeof ms === "number" && Number.isFinite(ms) && !Number.isNaN(new Date(ms).getTime());
}

/** "2025-11-21 10:23:45" on the zone's clock, "" for no time. */
export function toZonedInputValue(ms: number | null | undefined, zone: string = UTC): string {
  if (!validMs(ms)) return "";
  const c = wallClock(ms, zone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/** "2025-11-21 11:23:45 UTC+1": the time on the zone's clock, with the zone beside it. */
export function formatTime(ms: number | null | undefined, zone: string = UTC): string {
  if (!validMs(ms)) return "—";
  return `${toZonedInputValue(ms, zone)} ${zoneLabel(ms, zone)}`;
}

const INPUT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?\s*(?:(Z|UTC|GMT)\s*(?:([+-])(\d{1,2})(?::?(\d{2}))?)?)?$/i;

/**
 * The epoch ms of a typed or pasted time: "2025-11-21 10:23:45" on the zone's clock, or with an
 * explicit zone as the table prints it ("... UTC", "... UTC+1", "...Z"). A date alone means the
 * start of that day, or with `endOfDay` its last millisecond (a "To" bound that includes the day).
 * Undefined when it is not a time, or names one that does not exist (2025-02-30).
 */
export function fromZonedInputValue(
  value: string,
  zone: string = UTC,
  { endOfDay = false }: { endOfDay?: boolean } = {},
): number | undefined {
  const match = INPUT.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, sec, utcMark, sign, oh, om] = match;
  const [year, month, day] = [y, mo, d].map(Number) as [number, number, number];
  const dateOnly = h === undefined;
  const [hour, minute, second] = [h ?? "0", mi ?? "0", sec ?? "0"].map(Number) as [
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  // Alarms are no older than the epoch (and Date.UTC would read year 0099 as 1999).
  if (year < 1970) return undefined;
  if (utcMark && sign && (Number(oh) > 14 || Number(om ?? 0) > 59)) return undefined;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;

  const atStart = (wallMs: number): number => {
    if (utcMark) {
      const offset = sign ? (Number(oh) * 60 + Number(om ?? 0)) * (sign === "-" ? -1 : 1) : 0;
      return wallMs - offset * 60_000;
    }
    return fromWallClock(wallMs, zone);
  };
  if (dateOnly && endOfDay) return atStart(wall + 24 * 3600_000) - 1;
  return atStart(wall);
}

/**
 * The instant a wall-clock time (given as if it were UTC) names in a zone. In a spring-forward
 * gap the time after the gap; in a fall-back overlap the earlier of the two.
 */
function fromWallClock(wall: number, zone: string): number {
  if (zone === UTC) return wall;
  // The zone's offsets a day and more either side cover any one change of offset, even in
  // zones 13 or 14 hours ahead of UTC (Pacific/Chatham, Pacific/Auckland).
  const before = offsetMinutes(wall - 26 * 3600_000, zone) * 60_000;
  const after = offsetMinutes(wall + 26 * 3600_000, zone) * 60_000;
  const candidates = [wall - before, wall - after].sort((a, b) => a - b);
  for (const candidate of candidates) {
    if (candidate + offsetMinutes(candidate, zone) * 60_000 === wall) return candidate;
  }
  return wall - before; // in a gap: the clock as it would read had it not jumped
}
