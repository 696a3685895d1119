import "server-only";

// A time as the language takes it (`closed_at >= 2026-11-29T00:00+01:00`): an ISO 8601 date, or a
// date and a time to the minute, second or millisecond, with `Z` or an offset; without one it is
// UTC, as every time a link carries is. Checked field by field, so 2026-02-30 is refused rather
// than read as 2 March.

const TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[tT ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(?:([zZ])|([+-])(\d{2}):?(\d{2}))?$/;

/** Epoch ms of `text`, or null when it is not a time of that form. */
export function parseTimeValue(text: string): number | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", ms = "0", , sign, oh = "0", om = "0"] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const local = Date.UTC(year, month - 1, day, hour, minute, second, Number(ms.padEnd(3, "0")));
  const date = new Date(local);
  const fits =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    Number(oh) < 24 &&
    Number(om) < 60;
  if (!fits || year < 1970) return null;
  const offset = (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  return local - (sign === undefined ? 0 : offset);
}
