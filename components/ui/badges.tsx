import { STATUS_NAME } from "@/lib/shared/alarms/format";
import { PRIORITY_TITLE, type PriorityName } from "@/lib/shared/alarms/priority";
import type { AlarmStatus } from "@/lib/shared/alarms/query";
import { PRIORITY_BADGE } from "./priority-colours";

// Priority and status as compact coloured labels. The colour is never the only cue: the label
// and the number are always written out.

export function PriorityBadge({
  priority,
  label,
}: {
  priority: number;
  label: PriorityName | null;
}) {
  const style = label
    ? PRIORITY_BADGE[label]
    : "bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200";
  return (
    <span
      className={`inline-flex min-w-[5.25rem] items-center justify-between gap-1.5 rounded px-1.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${style}`}
      title={`Priority ${priority} of 100`}
    >
      <span>{label ? PRIORITY_TITLE[label] : "Priority"}</span>
      <span className="font-mono tabular-nums">{priority}</span>
    </span>
  );
}

const STATUS_STYLE: Record<AlarmStatus, string> = {
  open: "text-blue-800 bg-blue-50 ring-blue-200 dark:text-blue-200 dark:bg-blue-950 dark:ring-blue-800",
  in_review:
    "text-violet-800 bg-violet-50 ring-violet-200 dark:text-violet-200 dark:bg-violet-950 dark:ring-violet-800",
  closed:
    "text-slate-600 bg-slate-50 ring-slate-200 dark:text-slate-300 dark:bg-slate-900 dark:ring-slate-700",
};

/**
 * USM's status of an alarm. `named`: it says "USM" before the status, where no column header
 * does (the detail), so it is never taken for the team's state beside it.
 */
export function StatusBadge({
  status,
  named = false,
}: {
  status: AlarmStatus | null;
  named?: boolean;
}) {
  const usm = named ? <span className="mr-1 font-normal text-current">USM</span> : null;
  if (!status) {
    return (
      <span className="text-xs text-slate-500 italic dark:text-slate-400">{usm}No status</span>
    );
  }
  return (
    <span
      className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${STATUS_STYLE[status]}`}
      title="USM's status of the alarm (the team's state is its own)"
    >
      {usm}
      {STATUS_NAME[status]}
    </span>
  );
}

/**
 * `short`: in compact rows (one line, beside the status) the marker shows "Sup"; the whole word is
 * still what assistive technology reads, and the title says it.
 */
export function SuppressedMarker({ short = false }: { short?: boolean }) {
  return (
    <span
      className="inline-flex items-center rounded border border-dashed border-slate-400 px-1 text-[10px] font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:border-slate-500 dark:text-slate-300"
      title="Suppressed: matched a suppression rule"
    >
      {short ? (
        <>
          <span aria-hidden="true" className="hidden compact:inline">
            Sup
          </span>
          <span className="compact:sr-only">Suppressed</span>
        </>
      ) : (
        "Suppressed"
      )}
    </span>
  );
}
