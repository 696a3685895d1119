"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import type { AlarmListQuery, AlarmStatus } from "@/lib/shared/alarms/query";
import type { LiveFresh } from "@/lib/shared/live/types";
import { liveViewId } from "@/lib/shared/live/view-id";
import type { LiveStatus } from "./live-connection";
import { liveNews, type LivePage } from "./live-news";
import { useLiveView } from "./use-live-view";

// The list's side of the live queue: what is new since the page the analyst sees was read, and
// which of its rows changed status since. Nothing here touches the rows' order: new alarms wait
// behind a banner until the analyst asks for them. Any view the live queue watches: a
// deployment's list (from the upstream or, searching or with several values of a filter, the
// index), or the queue of several deployments (by its view id, lib/shared/live/view-id).

export type PauseReason =
  /** The analyst paused it (kept for this tab, across reloads). */
  | "manual"
  /** Off the first page: new alarms would land on a page not shown. */
  | "page"
  /**
   * The view's search cannot be answered (it cannot be read, or the index is out of reach): the
   * list says so where the rows would be; there is nothing to watch and no outage to claim.
   */
  | "search";

const PAUSED_KEY = "alarm-console.live-paused";

export interface LiveQueue {
  paused: PauseReason | null;
  togglePause(): void;
  /** Alarms of the view that arrived after the page was read and are not on it, newest first. */
  arrived: LiveFresh[];
  /** Status changes of the page's rows since it was read, by row key (./live-news liveRowKey). */
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

/**
 * The live side of the view `view` names (a lib/shared/live/view-id) for the page on screen
 * (`page`: this view's own answer, not the previous one kept while it loads); watched on its
 * first page only, and only while its search can be answered (`searchFails`: it cannot).
 */
export function useLiveViewQueue(
  view: string,
  firstPage: boolean,
  page: LivePage | undefined,
  searchFails = false,
): LiveQueue {
  const [pausedByHand, togglePause] = usePausedByHand();
  const paused: PauseReason | null = searchFails
    ? "search"
    : pausedByHand
      ? "manual"
      : firstPage
        ? null
        : "page";
  const live = useLiveView(paused ? null : view);
  const { state } = live;
  const { arrived, changed } = useMemo(() => liveNews(state, page), [state, page]);
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

/** The live side of `deployment`'s list view of `query` (see useLiveViewQueue). */
export function useLiveQueue(
  deployment: string,
  query: AlarmListQuery,
  page: LivePage | undefined,
  searchFails = false,
): LiveQueue {
  const view = useMemo(() => liveViewId(deployment, query), [deployment, query]);
  return useLiveViewQueue(view, query.page === 0, page, searchFails);
}
