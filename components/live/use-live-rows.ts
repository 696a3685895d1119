"use client";
// The live queue as a list's rows see it: live statuses, marks, and Show holding the row in place.

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { AlarmStatus } from "@/lib/shared/alarms/query";
import { type ListView } from "@/lib/shared/alarms/view";
import { withPage } from "@/lib/shared/alarms/view-changes";
import { type ListScope, scopeSegment } from "@/lib/shared/deployments/scope";
import type { AlarmPage, AlarmSummary } from "@/lib/shared/alarms/types";
import { liveViewId } from "@/lib/shared/live/view-id";
import { listQueryOptions } from "@/lib/shared/queries/query-options";
import { liveItemKey, liveMarks, liveRowKey, type LivePage, type LiveRow } from "./live-news";
import { useLiveKeys } from "./use-live-keys";
import { type LiveQueue, useLiveViewQueue } from "./use-live-queue";

export type LiveMark = "new" | "changed";

export interface LiveRows<T extends LiveRow = AlarmSummary> {
  live: LiveQueue;
  /** The page's rows with their live statuses; undefined until a page of this view is in. */
  alarms: T[] | undefined;
  /** Rows to mark for a moment: just shown (Show), or a status just changed. */
  marks: ReadonlyMap<string, LiveMark>;
  /** Brings the arrived alarms in (reads the page anew), holding the analyst's row in place. */
  show: () => void;
}

interface RowAnchor {
  uuid: string;
  /** Its top, in the viewport. */
  top: number;
}

/** A row (table row or card) of the alarm `uuid` that has boxes (CSS hides the other form). */
function visibleRow(uuid: string): Element | undefined {
  const id = CSS.escape(uuid); // an upstream's uuid, only checked as a string
  return [...document.querySelectorAll(`[data-alarm-row="${id}"], [data-alarm-card="${id}"]`)].find(
    (row) => row.getClientRects().length > 0,
  );
}

/**
 * The row to hold in place while rows go in above it: the focused one, else (when the list is
 * scrolled) the first one on screen. At the top with nothing focused, nothing: the new rows show.
 */
function rowAnchor(): RowAnchor | null {
  const rows = [
    ...document.querySelectorAll<HTMLElement>("[data-alarm-row], [data-alarm-card]"),
  ].filter((row) => row.getClientRects().length > 0);
  const focused = rows.find((row) => row.contains(document.activeElement));
  const held =
    focused ??
    (window.scrollY > 0 ? rows.find((row) => row.getBoundingClientRect().bottom > 0) : undefined);
  const uuid = held?.dataset.alarmRow ?? held?.dataset.alarmCard;
  return held && uuid ? { uuid, top: held.getBoundingClientRect().top } : null;
}

/** A row the live queue can change the status of. */
type StatusRow = LiveRow & { status: AlarmStatus | null };

/**
 * The live side of a list view, whichever it is: statuses changed in place (same rows, same
 * order), the rows just shown or just changed marked for a moment, and Show (the banner's button,
 * or ".") that brings the arrivals in while the row the analyst was on stays where it was on
 * screen. `view`: its id (lib/shared/live/view-id); `firstPage`: whether the page on screen is the
 * view's first (it pauses elsewhere); `page`: the page on screen once it is this view's own answer
 * (not the previous one kept while it loads); `show`: reads the page anew (the caller's query).
 */
export function useLiveViewRows<T extends StatusRow>({
  view,
  firstPage,
  page,
  show: readAgain,
  searchFails = false,
}: {
  view: string;
  firstPage: boolean;
  page: LivePage<T> | undefined;
  show: () => void;
  /** The view's search cannot be answered (the list says why): nothing is watched. */
  searchFails?: boolean;
}): LiveRows<T> {
  const live = useLiveViewQueue(view, firstPage, page, searchFails);

  const [shownNew, setShownNew] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<RowAnchor | null>(null);
  const show = useCallback(() => {
    anchor.current = rowAnchor();
    setShownNew(new Set(live.arrived.map(liveItemKey)));
    readAgain();
  }, [live.arrived, readAgain]);
  useLayoutEffect(() => {
    const held = anchor.current;
    if (!held || !page || !page.alarms.some((alarm) => alarm.uuid === held.uuid)) return;
    anchor.current = null;
    const row = visibleRow(held.uuid);
    if (row) window.scrollBy({ top: row.getBoundingClientRect().top - held.top });
  }, [page]);
  useLiveKeys({ onShow: live.arrived.length > 0 ? show : null, onTogglePause: live.togglePause });

  const alarms = useMemo(() => {
    if (!page || live.changed.size === 0) return page?.alarms.slice();
    return page.alarms.map((alarm) => {
      const key = liveRowKey(alarm);
      return live.changed.has(key) ? { ...alarm, status: live.changed.get(key) ?? null } : alarm;
    });
  }, [page, live.changed]);
  const marks = useMemo(
    () => liveMarks(page?.alarms, shownNew, live.changed),
    [page, shownNew, live.changed],
  );

  return { live, alarms, marks, show };
}

/**
 * The live side of a view of `scope`'s list (its path's; see useLiveViewRows): what arrived since
 * its first page was read. `keys`: the deployments it reads (a list of several names them in its
 * watch). `page`: the numbered page on screen once it is this view's own answer (a list paged by
 * time is not watched). Show reads the page anew, past every shared cache.
 */
export function useLiveRows({
  scope,
  view,
  keys,
  page,
  searchFails = false,
}: {
  scope: ListScope;
  view: ListView;
  keys: readonly string[];
  page: AlarmPage | undefined;
  searchFails?: boolean;
}): LiveRows {
  const queryClient = useQueryClient();
  const { query } = view;
  const segment = scopeSegment(scope);
  const id = useMemo(() => liveViewId(segment, query, keys), [segment, query, keys]);
  const readAgain = useCallback(() => {
    void queryClient.fetchQuery({
      ...listQueryOptions(scope, view, { fresh: true }),
      staleTime: 0,
    });
    // The next page, prefetched before, no longer follows this one: read it again with it (a
    // detail's Next across the page edge reads both).
    void queryClient.invalidateQueries({
      queryKey: listQueryOptions(scope, withPage(view, query.page + 1)).queryKey,
      refetchType: "none",
    });
  }, [queryClient, scope, view, query.page]);
  return useLiveViewRows({
    view: id,
    firstPage: view.cursor === null && query.page === 0 && !view.group,
    page,
    show: readAgain,
    searchFails,
  });
}
