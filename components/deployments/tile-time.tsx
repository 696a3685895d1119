import { formatRelative, isoTime } from "@/lib/shared/alarms/format";
import { UTC, formatTime } from "@/lib/shared/alarms/time-zone";

/**
 * "3 minutes ago" (or with `future`, "in 12 minutes"), as of the server's render: a tile is a
 * glance taken when the page was asked for, not a live clock. Hovering it shows the time in UTC.
 * No hooks: rendered on the server only, so it ships no script.
 */
export function TileTime({
  ms,
  now,
  future = false,
}: {
  ms: number;
  now: number;
  future?: boolean;
}) {
  // A past event dated a moment ahead of our clock (a deployment's clock runs fast) is "now".
  const shown = future ? ms : Math.min(ms, now);
  return (
    <time dateTime={isoTime(ms)} title={formatTime(ms, UTC)}>
      {formatRelative(shown, now)}
    </time>
  );
}
