// Times in links (the list's timestamp_occured_gte / _lte): written in ISO-8601, UTC, to the
// second (2026-11-29T06:00:00Z), so a person can read a pasted link; read in that form, with an
// offset or milliseconds, or as the epoch milliseconds every link before carried, so those still
// open the view their sender saw. Browser-safe.

const ISO =
  /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/i;

/** The most epoch digits a link may carry (links from before ISO were written this way). */
const EPOCH = /^\d{1,15}$/;

/** The epoch milliseconds a link's time names, or null when it names none (or one before 1970). */
export function readLinkTime(raw: string): number | null {
  if (EPOCH.test(raw)) return Number(raw);
  const match = ISO.exec(raw);
  if (!match) return null;
  const [, y, mo, d, h, mi, s = "0", frac = "0", , sign, oh = "0", om = "0"] = match;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  const [hour, minute, second] = [Number(h), Number(mi), Number(s)];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > lastDay) return null;
  if (hour > 23 || minute > 59 || second > 59 || Number(oh) > 23 || Number(om) > 59) return null;
  const offset = (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day); // Date.UTC would read years 0-99 as 1900-1999
  utc.setUTCHours(hour, minute, second, Number(frac.padEnd(3, "0")));
  const ms = utc.getTime() - offset;
  return ms >= 0 && Number.isFinite(ms) ? ms : null;
}

/** A time as a link writes it: ISO-8601 in UTC, milliseconds only when there are some. */
export function writeLinkTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, "Z");
}

/**
 * A search string with its times' colons left as they are (`06:00:00Z`, not `06%3A00%3A00Z`):
 * a colon needs no escape in a query (RFC 3986), and URLSearchParams reads it back the same.
 */
export function readableTimes(search: string, keys: readonly string[]): string {
  return search.replace(/([^&=]+)=([^&]*)/g, (pair, key: string, value: string) =>
    keys.includes(key) ? `${key}=${value.replace(/%3A/gi, ":")}` : pair,
  );
}
