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

/** When USM's newest open alarm occurred (USM's status: the team's queue is counted apart). */
export function Newest({
  open,
  newestAt,
  now,
}: {
  open: number | null;
  newestAt: number | null;
  now: number;
}) {
  let text: React.ReactNode;
  if (open === 0)
    text = <span className="text-slate-500 dark:text-slate-400">None open in USM</span>;
  else if (newestAt === null) {
    text = (
      <>
        Newest open alarm in USM:{" "}
        <span className="text-slate-500 italic dark:text-slate-400">unknown</span>
      </>
    );
  } else {
    text = (
      <>
        Newest open alarm in USM <TileTime ms={newestAt} now={now} />
      </>
    );
  }
  return <p className="text-sm">{text}</p>;
}
