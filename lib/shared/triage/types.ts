// The team's triage of an alarm as the API answers it and the browser shows it: owner,
// acknowledgement, notes and the alarm's history. Client-safe and free of zod (the server's
// input schemas are in lib/server/triage/input.ts). A teammate is named by handle (the local
// username, or the e-mail address single sign-on gave), with display names beside.

/** A note's text at most (characters, as the browser counts them: UTF-16 code units). */
export const NOTE_MAX_CHARS = 10_000;
/** How long the author may edit or delete a note after writing it. */
export const NOTE_EDIT_WINDOW_MS = 15 * 60_000;

export interface TriageNote {
  id: string;
  /** The author's handle. */
  author: string;
  text: string;
  /** Written (epoch ms). */
  at: number;
  /** Last edited (epoch ms), null if never. */
  editedAt: number | null;
}

/** What an alarm the team closes was (issue 37). */
export const VERDICTS = ["true_positive", "false_positive", "benign", "duplicate"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** How a verdict reads. */
export const VERDICT_NAMES: Record<Verdict, string> = {
  true_positive: "True positive",
  false_positive: "False positive",
  benign: "Benign",
  duplicate: "Duplicate",
};

/** A deployment's USM label per verdict (its configuration's `labels`; unset: nothing is written). */
export type VerdictLabels = Partial<Record<Verdict, string>>;

/** A closing reason's length at most (characters, as the browser counts them). */
export const CLOSE_REASON_MAX_CHARS = 2_000;

/** Who closed an alarm, when, what it was and why. */
export interface AlarmClosed {
  /** The analyst's handle. */
  by: string;
  at: number;
  verdict: Verdict;
  /** Empty when none was given. */
  reason: string;
  /** The alarm it duplicates (verdict "duplicate" only). */
  duplicateOf: string | null;
}

/**
 * Where the verdict's USM label stands: none (no label is configured for it, or nothing to
 * write), pending (queued or being retried), written, or failed (with why).
 */
export const LABEL_STATES = ["none", "pending", "written", "failed"] as const;
export type LabelState = (typeof LABEL_STATES)[number];

export interface LabelStatus {
  state: LabelState;
  message?: string;
}

export const TRIAGE_ACTIONS = [
  "owner",
  "acknowledged",
  "note_added",
  "note_edited",
  "note_deleted",
  "opened",
  "closed",
  "reopened",
  "label_written",
  "label_failed",
] as const;
export type TriageAction = (typeof TRIAGE_ACTIONS)[number];

/** One line of an alarm's history: who did what, when, with the state before and after. */
export interface TriageEvent {
  id: number;
  at: number;
  /** The analyst's handle. */
  analyst: string;
  action: TriageAction;
  before: unknown;
  after: unknown;
}

export interface AlarmTriage {
  /** The owner's handle, null when nobody has it. */
  owner: string | null;
  acknowledged: { by: string; at: number } | null;
  /** Null while the alarm is open for the team. */
  closed: AlarmClosed | null;
  /** The write-back of the verdict's USM label. */
  label: LabelStatus;
  /** Oldest first; deleted notes are left out (the history keeps them). */
  notes: TriageNote[];
  /** Newest first, at most HISTORY_LIMIT. */
  history: TriageEvent[];
  /** Display names of every handle above. */
  names: Record<string, string>;
}

export const HISTORY_LIMIT = 200;

/** What a list shows of an alarm's triage. */
export interface TriageSummary {
  uuid: string;
  /** Its deployment (the queue of several deployments mixes them). */
  deployment: string;
  owner: string | null;
  acknowledged: boolean;
  notes: number;
  /** The verdict, null while open for the team. */
  verdict: Verdict | null;
}

export interface TriageSummaries {
  alarms: TriageSummary[];
  names: Record<string, string>;
}

/** A change another analyst made, as the live stream tells every open list and detail. */
export interface TriageNotice {
  deployment: string;
  /** The alarms changed (a bulk action names many). */
  uuids: string[];
  action: TriageAction;
  /** Who did it: handle and name. */
  analyst: string;
  analystName: string;
  /** The owner set (action "owner"), the acknowledgement's new state ("acknowledged"). */
  owner?: string | null;
  acknowledged?: boolean;
  /** The verdict set (action "closed"), null when reopened ("reopened"). */
  verdict?: Verdict | null;
  at: number;
}

/** What a teammate list offers to assign to. */
export interface Teammate {
  handle: string;
  name: string;
}

/** How a person is shown: their name, or their handle when that is all there is. */
export function displayName(handle: string, names: Record<string, string>): string {
  return names[handle] ?? handle;
}

/** What a browser names among its stream's views to hear the team's triage changes. */
export const TRIAGE_STREAM_VIEW = "triage";

/** Whether a stream message is a triage notice this browser can use. */
export function isTriageNotice(value: unknown): value is TriageNotice {
  if (typeof value !== "object" || value === null) return false;
  const notice = value as Record<string, unknown>;
  return (
    typeof notice.deployment === "string" &&
    Array.isArray(notice.uuids) &&
    notice.uuids.every((uuid) => typeof uuid === "string") &&
    (TRIAGE_ACTIONS as readonly unknown[]).includes(notice.action) &&
    typeof notice.analyst === "string" &&
    typeof notice.analystName === "string" &&
    typeof notice.at === "number"
  );
}
