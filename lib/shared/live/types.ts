// What the live queue tells browsers about one watched view: the whole current state in every
// message, so a browser that missed messages (a dropped stream, a tab that came late) is right
// again with the next one. Client-safe and free of zod (see lib/shared/core/errors.ts): the browser checks
// the stream's messages with isLiveState.
import { STATUSES, type AlarmStatus } from "@/lib/shared/alarms/query";

/** An alarm the watcher saw enter the view (a new or late arrival). */
export interface LiveFresh {
  uuid: string;
  /** When the watcher first saw it (the server's epoch ms). */
  seenAt: number;
  /** The label as sent: labels are an open set ("critical"). */
  priorityLabel: string | null;
  /** Its deployment, in a view of several (where one uuid could be two deployments'). */
  deployment?: string;
}

/** A status the watcher saw an alarm of the view take. */
export interface LiveChange {
  uuid: string;
  status: AlarmStatus | null;
  at: number;
  /** Its deployment, in a view of several. */
  deployment?: string;
}

export interface LiveState {
  /** The view id the browser subscribed with (lib/shared/live/view-id). */
  view: string;
  /** Changes with every message of this view; the stream's event ids are made of these. */
  rev: string;
  /**
   * The last poll that answered (the server's epoch ms), null before the first; for a view the
   * index answers, its last read of the index.
   */
  polledAt: number | null;
  /** When the server sent this message: with polledAt, an age that no clock skew distorts. */
  sentAt: number;
  /**
   * How often the view is polled now: the configured interval, or longer when stretched; for a
   * view the index answers, how often the index's sync follows the upstream.
   */
  intervalMs: number;
  /** The configured interval was too short for the watchers' share of the budget. */
  stretched: boolean;
  /** Why the last poll failed (our error shape's code and message), null when it answered. */
  error: { code: string; message: string } | null;
  /** Alarms that entered the view over the look-back, newest first. */
  fresh: LiveFresh[];
  /** Status changes over the look-back, newest first. */
  changes: LiveChange[];
}

/**
 * A view the stream will not watch: not a view id, or a deployment (of an all-view, any of them)
 * that is not the analyst's.
 */
export interface LiveRefusal {
  view: string;
  error: { code: string; message: string };
}

/** The stream's route. */
export const LIVE_STREAM_PATH = "/api/live";
/** Views one stream may carry: one per open tab's list, more than anyone keeps open. */
export const MAX_STREAM_VIEWS = 20;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === "number";
const isStatus = (value: unknown) =>
  value === null || (STATUSES as readonly unknown[]).includes(value);
const isDeployment = (value: unknown) => value === undefined || typeof value === "string";

/** Whether a stream message is a state this browser can use (a newer server may add fields). */
export function isLiveState(value: unknown): value is LiveState {
  if (!isObject(value)) return false;
  const { view, rev, polledAt, sentAt, intervalMs, stretched, error, fresh, changes } = value;
  return (
    typeof view === "string" &&
    typeof rev === "string" &&
    (polledAt === null || isNumber(polledAt)) &&
    isNumber(sentAt) &&
    isNumber(intervalMs) &&
    typeof stretched === "boolean" &&
    (error === null || (isObject(error) && typeof error.message === "string")) &&
    Array.isArray(fresh) &&
    fresh.every(
      (item) =>
        isObject(item) &&
        typeof item.uuid === "string" &&
        isNumber(item.seenAt) &&
        (item.priorityLabel === null || typeof item.priorityLabel === "string") &&
        isDeployment(item.deployment),
    ) &&
    Array.isArray(changes) &&
    changes.every(
      (item) =>
        isObject(item) &&
        typeof item.uuid === "string" &&
        isNumber(item.at) &&
        isStatus(item.status) &&
        isDeployment(item.deployment),
    )
  );
}
