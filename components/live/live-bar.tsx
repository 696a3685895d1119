"use client";

import { formatCount } from "@/lib/shared/alarms/format";
import { toZonedInputValue, zoneLabel } from "@/lib/shared/alarms/time-zone";
import type { LiveQueue } from "./use-live-queue";
import { useNow } from "./use-live-view";
import { NotifyToggle } from "./lazy-notify-toggle";

/** "12 s", "3 min", "2 h". */
function age(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

/** "14:02 UTC" on the view's clock. */
function clockTime(ms: number, zone: string): string {
  return `${toZonedInputValue(ms, zone).slice(11, 16)} ${zoneLabel(ms, zone)}`;
}

/**
 * The live queue above the list: a banner when alarms arrived since the page was read (never
 * rows inserted by themselves), how fresh the view is, and the pause control.
 */
export function LiveBar({
  live,
  since,
  zone,
  onShow,
  deploymentName,
}: {
  live: LiveQueue;
  /** When the page shown was read (the server's clock). */
  since: number | undefined;
  zone: string;
  onShow: () => void;
  deploymentName: string;
}) {
  const now = useNow();
  const count = live.arrived.length;
  return (
    <div className="flex min-h-9 flex-wrap items-center justify-between gap-2" data-live-bar>
      <div aria-live="polite" className="min-w-0">
        {count > 0 && since !== undefined ? (
          <div
            role="status"
            className="flex flex-wrap items-center gap-2 rounded-md bg-blue-50 px-3 py-1 text-sm text-blue-950 ring-1 ring-blue-200 ring-inset dark:bg-blue-950/60 dark:text-blue-100 dark:ring-blue-800"
          >
            <span>
              <strong>
                {formatCount(count)} new {count === 1 ? "alarm" : "alarms"}
              </strong>{" "}
              since {clockTime(since, zone)}
            </span>
            <button type="button" onClick={onShow} aria-keyshortcuts="." className="btn-primary">
              Show
            </button>
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
        <span data-live-status>{statusText(live, now)}</span>
        {/* Paused by the page itself (off the first page, a search that fails): Pause means
        nothing there. */}
        {live.paused === "page" || live.paused === "search" ? null : (
          <button
            type="button"
            className="btn"
            aria-pressed={live.paused === "manual"}
            aria-keyshortcuts="l"
            onClick={live.togglePause}
            title={live.paused === "manual" ? "Resume live updates (l)" : "Pause live updates (l)"}
          >
            {live.paused === "manual" ? "Resume" : "Pause"}
          </button>
        )}
        <NotifyToggle arrived={live.arrived} deploymentName={deploymentName} />
      </div>
    </div>
  );
}

function statusText(live: LiveQueue, now: number): string {
  // The list says why its search cannot be answered; the live queue is not out of order.
  if (live.paused === "search") return "";
  if (live.paused === "manual") return "Live updates paused";
  if (live.paused === "page") return "Live updates paused off the first page";
  if (live.status === "refused") return "Live updates unavailable; trying again";
  if (live.status === "reconnecting") {
    return live.updatedAt === null
      ? "Reconnecting…"
      : `Reconnecting… · updated ${age(now - live.updatedAt)} ago`;
  }
  if (live.error) return `Live updates failing: ${live.error}`;
  if (live.updatedAt === null) return "Live updates starting…";
  const stretched =
    live.stretched && live.intervalMs !== null
      ? ` · every ${age(live.intervalMs)} (the deployment's budget is busy)`
      : "";
  return `Updated ${age(now - live.updatedAt)} ago${stretched}`;
}
