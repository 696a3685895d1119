// An alarm's history in words, one table for every page that shows it (the alarm's history, the
// team's activity page and its export): who took, gave, acknowledged, noted, closed or opened an
// alarm, and what happened to no alarm (exports, saved views: ./audit.ts's auditText).

import { auditText, isTriageAction, type ActivityEvent } from "./audit";
import { VERDICT_NAMES, VERDICTS, displayName, type TriageEvent, type Verdict } from "./types";

function verdictOf(state: unknown): Verdict | null {
  if (typeof state !== "object" || state === null) return null;
  const verdict = (state as { verdict?: unknown }).verdict;
  return (VERDICTS as readonly unknown[]).includes(verdict) ? (verdict as Verdict) : null;
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
    case "closed": {
      const verdict = verdictOf(event.after);
      return verdict ? `closed it: ${VERDICT_NAMES[verdict].toLowerCase()}` : "closed it";
    }
    case "reopened":
      return "reopened it";
    case "label_written":
      return "had USM's label written";
    case "label_failed":
      return "had USM's label fail";
  }
}

/** Any row of the trail in words, its analyst's name left out ("took it", "exported 3 alarms …"). */
export function activityText(event: ActivityEvent, names: Record<string, string>): string {
  const { action } = event;
  return isTriageAction(action) ? eventText({ ...event, action }, names) : auditText(event);
}
