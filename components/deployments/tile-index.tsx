import type { IndexStatus } from "@/lib/shared/deployments/index-status";
import { indexLine, type IndexTone } from "./tile-format";

// A deployment's index on its tile, one row of the health list: how far the backfill is (with a
// bar), how recent the index is, or why it is not. Rendered on the server only: no script.

const DOT: Record<IndexTone, string> = {
  ok: "bg-emerald-500",
  busy: "bg-sky-500",
  warn: "bg-amber-500",
  bad: "bg-red-500",
  muted: "bg-slate-400 dark:bg-slate-500",
};

const TEXT: Record<IndexTone, string> = {
  ok: "",
  busy: "",
  warn: "text-amber-800 dark:text-amber-300",
  bad: "text-red-800 dark:text-red-300",
  muted: "text-slate-500 dark:text-slate-400",
};

export function TileIndex({ index, now }: { index: IndexStatus; now: number }) {
  const { text, tone, progress } = indexLine(index, now);
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <>
      <dt className="text-slate-500 dark:text-slate-400">Index</dt>
      <dd className="flex min-w-0 flex-col gap-1">
        <span className="flex items-start gap-1.5">
          <span
            aria-hidden="true"
            className={`mt-1 inline-block h-2 w-2 shrink-0 rounded-full ${DOT[tone]}`}
          />
          <span className={`min-w-0 break-words ${TEXT[tone]}`}>{text}</span>
        </span>
        {percent === null ? null : (
          <span
            role="progressbar"
            aria-label="Alarms indexed"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="block h-1.5 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
          >
            <span className="block h-full bg-sky-500" style={{ width: `${percent}%` }} />
          </span>
        )}
      </dd>
    </>
  );
}
