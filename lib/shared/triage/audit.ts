// The team's audit trail as the activity page reads it (issue 37): every triage action on an
// alarm (TRIAGE_ACTIONS), and the actions on no alarm that leads want to see too: exports and
// saved-view changes (AUDIT_ACTIONS). Those rows name the scope's path segment as their
// deployment (a key, or "all") and no alarm, so an alarm's own history never shows them.
// Client-safe and free of zod (the server reads the URL in lib/server/triage/activity-input.ts).

import { TRIAGE_ACTIONS, type TriageAction } from "./types";

/** What happens to no alarm in particular, yet is the team's to audit. */
export const AUDIT_ACTIONS = [
  "exported",
  "view_saved",
  "view_changed",
  "view_deleted",
  "view_default_set",
  "view_default_cleared",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Every action the trail holds. */
export const ACTIVITY_ACTIONS = [...TRIAGE_ACTIONS, ...AUDIT_ACTIONS] as const;
export type ActivityAction = TriageAction | AuditAction;

/** How each action reads in the page's filter (a noun phrase, capitalised). */
export const ACTIVITY_ACTION_NAMES: Record<ActivityAction, string> = {
  owner: "Owner changed",
  acknowledged: "Acknowledgement",
  note_added: "Note added",
  note_edited: "Note edited",
  note_deleted: "Note deleted",
  opened: "Detail opened",
  closed: "Closed",
  reopened: "Reopened",
  label_written: "USM label written",
  label_failed: "USM label failed",
  exported: "Export",
  view_saved: "View saved",
  view_changed: "View changed",
  view_deleted: "View deleted",
  view_default_set: "Default view set",
  view_default_cleared: "Default view cleared",
};

export const isTriageAction = (action: string): action is TriageAction =>
  (TRIAGE_ACTIONS as readonly string[]).includes(action);

/** The deployment of an audit row on every deployment the analyst may see (the path's `all`). */
export const EVERY_DEPLOYMENT_SEGMENT = "all";

/** One row of the trail. */
export interface ActivityEvent {
  id: number;
  at: number;
  /** The analyst's handle (their id when the console has no row of them). */
  analyst: string;
  /** A deployment's key, or "all" for an action on every deployment the analyst could see. */
  deployment: string;
  /** The alarm, null for an action on no alarm (an export, a saved view). */
  uuid: string | null;
  action: ActivityAction;
  before: unknown;
  after: unknown;
}

/** GET /api/activity: a page of the trail, newest first. */
export interface ActivityPage {
  events: ActivityEvent[];
  /** Display names of every handle above. */
  names: Record<string, string>;
  /** The id to ask `before` for the next (older) page; null on the last. */
  next: number | null;
}

/** The activity page's filters, each a URL parameter (deep links reproduce the view). */
export interface ActivityFilters {
  /** Handles, any of. */
  analyst: string[];
  action: ActivityAction[];
  /** Keys (or "all"), any of. */
  deployment: string[];
  /** Epoch ms: at or after `from`, before `to`. */
  from: number | null;
  to: number | null;
  /** Keyset: only rows with an id below this (the page after the one that ended there). */
  before: number | null;
}

/** No filter: the whole trail the analyst may see, from the newest row. */
export const NO_ACTIVITY_FILTERS: ActivityFilters = {
  analyst: [],
  action: [],
  deployment: [],
  from: null,
  to: null,
  before: null,
};

export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_PATH = "/activity";
export const activityApi = { page: "/api/activity", export: "/api/activity/export" };
export const ACTIVITY_FORMATS = ["csv", "ndjson"] as const;
export type ActivityFormat = (typeof ACTIVITY_FORMATS)[number];

/** The filters as URL parameters (repeated keys for lists), in one canonical order. */
export function activityParams(filters: Partial<ActivityFilters>): URLSearchParams {
  const params = new URLSearchParams();
  for (const value of filters.analyst ?? []) params.append("analyst", value);
  for (const value of filters.action ?? []) params.append("action", value);
  for (const value of filters.deployment ?? []) params.append("deployment", value);
  if (filters.from != null) params.set("from", new Date(filters.from).toISOString());
  if (filters.to != null) params.set("to", new Date(filters.to).toISOString());
  if (filters.before != null) params.set("before", String(filters.before));
  return params;
}

const text = (state: unknown, key: string): string | null => {
  const value = (state as Record<string, unknown> | null)?.[key];
  return typeof value === "string" ? value : null;
};

/** An action on no alarm in words, its analyst's name first ("exported 120 rows as CSV of …"). */
export function auditText(event: Pick<ActivityEvent, "action" | "before" | "after">): string {
  const name = text(event.after, "name") ?? text(event.before, "name");
  const quoted = name ? `"${name}"` : "a view";
  switch (event.action as AuditAction) {
    case "exported": {
      const after = (event.after ?? {}) as { rows?: unknown; format?: unknown; view?: unknown };
      const rows = typeof after.rows === "number" ? after.rows.toLocaleString("en") : "?";
      const format = typeof after.format === "string" ? after.format.toUpperCase() : "a file";
      const view = typeof after.view === "string" ? ` of ${after.view}` : "";
      return `exported ${rows} alarms as ${format}${view}`;
    }
    case "view_saved":
      return `saved the view ${quoted}${(event.after as { shared?: unknown } | null)?.shared === true ? ", shared with the team" : ""}`;
    case "view_changed": {
      const before = text(event.before, "name");
      if (before && name && before !== name) return `renamed the view "${before}" to "${name}"`;
      const shared = (event.after as { shared?: unknown } | null)?.shared;
      const was = (event.before as { shared?: unknown } | null)?.shared;
      if (shared !== was) return `${shared ? "shared" : "stopped sharing"} the view ${quoted}`;
      return `changed the view ${quoted}`;
    }
    case "view_deleted":
      return `deleted the view ${quoted}`;
    case "view_default_set":
      return `made ${quoted} their default view`;
    case "view_default_cleared":
      return `stopped using ${quoted} as their default view`;
  }
  return event.action;
}
