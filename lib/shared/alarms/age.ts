// An alarm's age as the list's Age column writes it: the time since it occurred, in the largest
// whole unit ("45 s", "12 min", "3 h", "2 d"), compact enough for a narrow column. Client-safe.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The age at `now` of what happened at `ms` (epoch ms), rounded down; null without a time. A time
 * ahead of `now` (a sensor's clock running fast) is "0 s", never a negative age.
 */
export function formatAge(ms: number | null | undefined, now: number): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return null;
  const age = Math.max(0, now - ms);
  if (age < MINUTE) return `${Math.floor(age / SECOND)} s`;
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h`;
  return `${Math.floor(age / DAY)} d`;
}
