// A teammate's triage change in words, for the panel's live news ("Alice took this alarm").

import { VERDICT_NAMES, displayName, type TriageNotice } from "@/lib/shared/triage/types";

/** A teammate's change in words, their name first. */
export function noticeText(notice: TriageNotice, names: Record<string, string>): string {
  const who = notice.analystName;
  switch (notice.action) {
    case "owner":
      if (notice.owner === null || notice.owner === undefined) return `${who} released this alarm`;
      if (notice.owner === notice.analyst) return `${who} took this alarm`;
      return `${who} gave this alarm to ${displayName(notice.owner, names)}`;
    case "acknowledged":
      return notice.acknowledged
        ? `${who} acknowledged this alarm`
        : `${who} took back the acknowledgement`;
    case "note_added":
      return `${who} added a note`;
    case "note_edited":
      return `${who} edited a note`;
    case "note_deleted":
      return `${who} deleted a note`;
    case "opened":
      return `${who} opened this alarm`;
    case "closed":
      return notice.verdict
        ? `${who} closed this alarm: ${VERDICT_NAMES[notice.verdict].toLowerCase()}`
        : `${who} closed this alarm`;
    case "reopened":
      return `${who} reopened this alarm`;
    case "label_written":
      return "USM's label was written";
    case "label_failed":
      return "USM's label could not be written";
  }
}
