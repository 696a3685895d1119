"use client";
// An alarm's state for the team in its list row or card: open or closed with its verdict, who has
// it, whether it was acknowledged, how many notes it has. USM's own status is another column.

import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { VERDICT_NAMES, displayName, type TriageSummary } from "@/lib/shared/triage/types";
import { useTriageSummary } from "./triage-summaries";

/** The team's state in words: "Open", or "Closed · False positive". */
export function teamStateText(summary: Pick<TriageSummary, "verdict"> | null): string {
  return summary?.verdict ? `Closed · ${VERDICT_NAMES[summary.verdict]}` : "Open";
}

/** `quiet`: nothing at all when nobody has acted on the alarm (a card, not a table's cell). */
export function TriageCell({ alarm, quiet = false }: { alarm: AlarmSummary; quiet?: boolean }) {
  const { summary, names, read } = useTriageSummary(alarm);
  if (!summary && (quiet || !read)) {
    return quiet ? null : <span className="text-slate-400 dark:text-slate-500">—</span>;
  }
  const owner = summary?.owner ? displayName(summary.owner, names) : null;
  const closed = summary?.verdict != null;
  const state = teamStateText(summary);
  return (
    <span
      className="flex min-w-0 flex-col items-start gap-0.5 text-xs compact:flex-row compact:items-center compact:gap-1.5"
      data-triage
    >
      {/* A card says only what someone did; a row says the state of every alarm. */}
      {quiet && !closed ? null : (
        <span
          className={`max-w-full truncate ${closed ? "font-medium text-slate-700 dark:text-slate-200" : "text-slate-600 dark:text-slate-300"}`}
          title={`The team's state: ${state}`}
          data-team-state={summary?.verdict ?? "open"}
        >
          {state}
        </span>
      )}
      <span className="flex max-w-full min-w-0 items-center gap-1.5">
        {owner ? (
          <span className="truncate" title={`Owner: ${owner}`} data-triage-owner={summary?.owner}>
            {owner}
          </span>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">Unowned</span>
        )}
        {summary?.acknowledged ? (
          <span
            className="shrink-0 font-semibold text-emerald-700 dark:text-emerald-400"
            title="Acknowledged"
            data-triage-acknowledged
          >
            ✓<span className="sr-only"> acknowledged</span>
          </span>
        ) : null}
        {summary && summary.notes > 0 ? (
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
    </span>
  );
}
