"use client";
// An alarm's triage in its list row or card: who has it, whether it was acknowledged, how many
// notes it has. Nothing when nobody has acted on it.

import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { displayName } from "@/lib/shared/triage/types";
import { useTriageSummary } from "./triage-summaries";

/** `quiet`: nothing at all when nobody has acted on the alarm (a card, not a table's cell). */
export function TriageCell({ alarm, quiet = false }: { alarm: AlarmSummary; quiet?: boolean }) {
  const { summary, names } = useTriageSummary(alarm);
  if (!summary) return quiet ? null : <span className="text-slate-400 dark:text-slate-500">—</span>;
  const owner = summary.owner ? displayName(summary.owner, names) : null;
  return (
    <span className="flex min-w-0 items-center gap-1.5 text-xs" data-triage>
      {owner ? (
        <span className="truncate" title={`Owner: ${owner}`} data-triage-owner={summary.owner}>
          {owner}
        </span>
      ) : (
        <span className="text-slate-500 dark:text-slate-400">Unowned</span>
      )}
      {summary.acknowledged ? (
        <span
          className="shrink-0 font-semibold text-emerald-700 dark:text-emerald-400"
          title="Acknowledged"
          data-triage-acknowledged
        >
          ✓<span className="sr-only"> acknowledged</span>
        </span>
      ) : null}
      {summary.notes > 0 ? (
        <span
          className="shrink-0 rounded bg-slate-100 px-1 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
          title={`${summary.notes} ${summary.notes === 1 ? "note" : "notes"}`}
          data-triage-notes={summary.notes}
        >
          ✎ {summary.notes}
          <span className="sr-only"> {summary.notes === 1 ? "note" : "notes"}</span>
        </span>
      ) : null}
    </span>
  );
}
