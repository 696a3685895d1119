"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { readsIndex, type AlarmListQuery, type AlarmStatus } from "@/lib/shared/alarms/query";
import type { AlarmPage } from "@/lib/shared/alarms/types";
import type { LiveFresh } from "@/lib/shared/live/types";
import { liveViewId } from "@/lib/shared/live/view-id";
import type { LiveStatus } from "./live-connection";
import { useLiveView } from "./use-live-view";

// The list's side of the live queue: what is new since the page the analyst sees was read, and
// which of its rows changed status since. Nothing here touches the rows' order: new alarms wait
// behind a banner until the analyst asks for them.

export type PauseReason =
  /** The analyst paused it (kept for this tab, across reloads). */
  | "manual"
  /** Off the first page: new alarms would land on a page not shown. */
  | "page"
  /** A search reads the index, which the live queue does not watch (it watches the upstream). */
  | "search";

const PAUSED_KEY = "alarm-console.live-paused";

export interface LiveQueue {
  paused: PauseReason | null;
  togglePause(): void;
  /** Alarms of the view that arrived after the page was read and are not on it, newest first. */
  arrived: LiveFresh[];
  /** Status changes of the page's rows since it was read, by uuid. */
  changed: ReadonlyMap<string, AlarmStatus | null>;
  updatedAt: number | null;
  intervalMs: number | null;
  stretched: boolean;
  error: string | null;
  status: LiveStatus;
}

function usePausedByHand(): [boolean, () => void] {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    // After hydration: the server cannot know this tab's choice.
    if (sessionStorage.getItem(PAUSED_KEY) === "1") queueMicrotask(() => setPaused(true));
  }, []);
  const toggle = useCallback(() => {
    setPaused((was) => {
      if (was) sessionStorage.removeItem(PAUSED_KEY);
      else sessionStorage.setItem(PAUSED_KEY, "1");
      return !was;
    });
  }, []);
  return [paused, toggle];
}

export function useLiveQueue(
  deployment: string,
  query: AlarmListQuery,
  page: AlarmPage | undefined,
): LiveQueue {
  const [pausedByHand, togglePause] = usePausedByHand();
  const paused: PauseReason | null = readsIndex(query)
    ? "search"
    : pausedByHand
      ? "manual"
      : query.page > 0
        ? "page"
        : null;
  const view = useMemo(() => liveViewId(deployment, query), [deployment, query]);
  const live = useLiveView(paused ? null : view);
  const { state } = live;

  const { arrived, changed } = useMemo(() => {
    const changes = new Map<string, AlarmStatus | null>();
    if (!state || !page) return { arrived: [], changed: changes };
    const shown = new Set(page.alarms.map((alarm) => alarm.uuid));
    const arrivals = state.fresh.filter(
      (fresh) => fresh.seenAt > page.readAt && !shown.has(fresh.uuid),
    );
    // Oldest first, so the newest change of an alarm is the one kept.
    for (const change of [...state.changes].reverse()) {
      if (change.at > page.readAt && shown.has(change.uuid))
        changes.set(change.uuid, change.status);
    }
    return { arrived: arrivals, changed: changes };
  }, [state, page]);

  return {
    paused,
    togglePause,
    arrived: paused ? [] : arrived,
    changed: paused ? new Map() : changed,
    updatedAt: live.updatedAt,
    intervalMs: state?.intervalMs ?? null,
    stretched: state?.stretched ?? false,
    error: state?.error?.message ?? null,
    status: live.status,
  };
}
