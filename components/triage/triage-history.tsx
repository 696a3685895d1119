"use client";
// An alarm's history as the team made it: who took, gave, acknowledged, noted, opened, closed
// (with the verdict and why) or reopened it, and when, newest first.

import { TimeText } from "@/components/ui/time-text";
import { eventText } from "@/lib/shared/triage/event-text";
import { displayName, type TriageEvent } from "@/lib/shared/triage/types";

// The wording is shared with the team's activity page (lib/shared/triage/event-text.ts).
export { eventText };

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
