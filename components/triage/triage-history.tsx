"use client";
// An alarm's history as the team made it: who took, gave, acknowledged, noted, opened, closed
// (with the verdict and why) or reopened it, and when, newest first.

import { TimeText } from "@/components/ui/time-text";
import {
  VERDICT_NAMES,
  VERDICTS,
  displayName,
  type TriageEvent,
  type Verdict,
} from "@/lib/shared/triage/types";

/** A reason longer than this is cut in the history (the closed state shows it whole). */
const REASON_SHOWN = 160;

/** What a close recorded: the verdict, the original a duplicate names, and why. */
function closingOf(
  state: unknown,
): { verdict: Verdict; duplicateOf: string | null; reason: string } | null {
  if (typeof state !== "object" || state === null) return null;
  const { verdict, duplicateOf, reason } = state as Record<string, unknown>;
  if (!(VERDICTS as readonly unknown[]).includes(verdict)) return null;
  return {
    verdict: verdict as Verdict,
    duplicateOf: typeof duplicateOf === "string" ? duplicateOf : null,
    reason: typeof reason === "string" ? reason : "",
  };
}

function closedText(state: unknown): string {
  const closing = closingOf(state);
  if (!closing) return "closed it";
  const what =
    closing.verdict === "duplicate" && closing.duplicateOf
      ? `duplicate of ${closing.duplicateOf}`
      : VERDICT_NAMES[closing.verdict].toLowerCase();
  const reason =
    closing.reason.length > REASON_SHOWN
      ? `${closing.reason.slice(0, REASON_SHOWN)}…`
      : closing.reason;
  return reason ? `closed it: ${what}: “${reason}”` : `closed it: ${what}`;
}

function ownerOf(state: unknown): string | null {
  if (typeof state !== "object" || state === null) return null;
  const owner = (state as { owner?: unknown }).owner;
  return typeof owner === "string" ? owner : null;
}

/** One event in words, its analyst's name first ("took this alarm"). */
export function eventText(event: TriageEvent, names: Record<string, string>): string {
  const name = (handle: string) => displayName(handle, names);
  switch (event.action) {
    case "owner": {
      const after = ownerOf(event.after);
      const before = ownerOf(event.before);
      if (after === null) return before ? `released it (was ${name(before)})` : "released it";
      if (after === event.analyst) return before ? `took it from ${name(before)}` : "took it";
      return `gave it to ${name(after)}`;
    }
    case "acknowledged":
      return (event.after as { acknowledged?: unknown } | null)?.acknowledged === true
        ? "acknowledged it"
        : "took back the acknowledgement";
    case "note_added":
      return "added a note";
    case "note_edited":
      return "edited a note";
    case "note_deleted":
      return "deleted a note";
    case "opened":
      return "opened it";
    case "closed":
      return closedText(event.after);
    case "reopened":
      return "reopened it";
    case "label_written":
      return "had USM's label written";
    case "label_failed":
      return "had USM's label fail";
  }
}

export function TriageHistory({
  history,
  names,
}: {
  history: TriageEvent[];
  names: Record<string, string>;
}) {
  return (
    <details className="group" data-triage-history>
      <summary className="cursor-pointer text-sm font-medium text-slate-700 dark:text-slate-300">
        History ({history.length})
      </summary>
      <ol className="mt-2 flex flex-col gap-1 border-l border-slate-200 pl-3 text-xs dark:border-slate-700">
        {history.map((event) => (
          <li key={event.id} className="flex flex-wrap gap-x-1.5">
            <TimeText ms={event.at} className="font-mono text-slate-500 dark:text-slate-400" />
            <span>
              <span className="font-medium">{displayName(event.analyst, names)}</span>{" "}
              {eventText(event, names)}
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}
