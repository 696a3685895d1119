"use client";

import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { type Location, type Step, locate, stepTarget } from "@/lib/shared/alarms/neighbours";
import { type AlarmListQuery, toSearchParams } from "@/lib/shared/alarms/query";
import { alarmQueryOptions, alarmsQueryOptions } from "@/lib/shared/queries/query-options";
import { detailHrefsFor, listHref } from "@/lib/shared/alarms/url-state";
import { rememberOpened } from "@/components/alarms/scroll-memory";

export type Direction = "previous" | "next";

export interface ListPlace {
  /** null: not opened from a list (or its pages failed to load), so no place and no steps. */
  location: Location | null;
  /** The list page to go back to: the page the alarm is on now, else the one `from` named. */
  backQuery: AlarmListQuery | null;
  move: (direction: Direction) => void;
}

/**
 * The detail's place in the list it was opened from, read from the pages the list already put
 * in the query cache (the same keys), loading only what is missing: the named page in a new
 * tab, the page beside it when the alarm sits on a page's edge (so a step across pages is
 * instant), the pages around it when its row moved. Steps push the neighbour's detail with the
 * `from` of its own page and note it as the row opened from that page, so Back to alarms lands
 * there with the row focused.
 */
export function useListPlace(
  deployment: string,
  from: AlarmListQuery | null,
  uuid: string,
  tz: string,
): ListPlace {
  const queryClient = useQueryClient();
  const router = useRouter();

  // Read straight from the cache; useQueries below loads what is missing and renders this again
  // when any of those pages changes.
  const pageOf = (query: AlarmListQuery) =>
    queryClient.getQueryData(alarmsQueryOptions(deployment, query).queryKey);
  const located = from ? locate(from, uuid, pageOf) : null;
  const results = useQueries({
    queries: (located?.pages ?? []).map((query) => alarmsQueryOptions(deployment, query)),
  });
  // A page that cannot be read (rate limit, error) leaves the alarm without a place, not waiting.
  // Read, so that it is tracked: useQueries renders again only for what the render looked at,
  // and the place above is read from the cache, so a page arriving must render it again.
  void results.map((result) => result.dataUpdatedAt);
  const failed = located?.state === "locating" && results.some((result) => result.isError);
  const location = failed ? null : located;
  const place = location?.state === "found" ? location.place : null;
  const backQuery = place?.query ?? from;

  const listUrl = backQuery ? listHref(deployment, { query: backQuery, tz }) : null;
  const found = place !== null;
  useEffect(() => {
    // Whichever way the analyst got here (a step, back / forward): this is the row to return to.
    if (found && listUrl) rememberOpened(listUrl, uuid);
  }, [found, listUrl, uuid]);

  // The neighbours' details (data and route) are fetched before the analyst steps to them.
  const hrefOf = (step: Step | null | undefined) =>
    step?.uuid ? detailHrefsFor(deployment, { query: step.query, tz })(step.uuid) : undefined;
  const nextUuid = place?.next?.uuid;
  const nextHref = hrefOf(place?.next);
  const previousUuid = place?.previous?.uuid;
  const previousHref = hrefOf(place?.previous);
  useEffect(() => {
    const steps = [
      [nextUuid, nextHref],
      [previousUuid, previousHref],
    ] as const;
    for (const [target, href] of steps) {
      if (!target || !href) continue;
      void queryClient.prefetchQuery(alarmQueryOptions(deployment, target));
      router.prefetch(href);
    }
  }, [queryClient, router, deployment, nextUuid, nextHref, previousUuid, previousHref]);

  // One step at a time: keys pressed while a step is on its way do not pile up history entries.
  const moving = useRef(false);
  const placeRef = useRef(place);
  const locatingRef = useRef(false);
  // Layout effects: the keys are the document's own listeners, which run before React flushes
  // its passive effects, so a key pressed as soon as the next alarm is painted must already find
  // its place here (a busy machine showed "2 of 5,000" and dropped the k pressed right after).
  useLayoutEffect(() => {
    placeRef.current = place;
    locatingRef.current = location?.state === "locating";
  });
  // A step has landed once the alarm or its list page (the same alarm seen again on the next
  // page, say) in the URL changed.
  const fromKey = from ? toSearchParams(from).toString() : null;
  useLayoutEffect(() => {
    moving.current = false;
  }, [uuid, fromKey]);

  // A key pressed while the alarm's place is still being found (a detail opened in a new tab)
  // is kept, and taken once the place is known.
  const waitingKey = useRef<Direction | null>(null);
  const locating = location?.state === "locating";

  const move = useCallback(
    (direction: Direction) => {
      if (!placeRef.current && locatingRef.current) {
        waitingKey.current = direction;
        return;
      }
      const step: Step | null | undefined = placeRef.current?.[direction];
      if (!step || moving.current) return;
      moving.current = true;
      const origin = window.location.href;
      const go = (target: string) => {
        // The analyst went elsewhere while the page was loading: stay where they are.
        if (window.location.href !== origin) {
          moving.current = false;
          return;
        }
        rememberOpened(listHref(deployment, { query: step.query, tz }), target);
        router.push(detailHrefsFor(deployment, { query: step.query, tz })(target));
      };
      if (step.uuid !== undefined) return go(step.uuid);
      // Its page is still loading (a key pressed the moment the detail opened): wait for it.
      queryClient
        .fetchQuery(alarmsQueryOptions(deployment, step.query))
        .then((page) => {
          const target = stepTarget(step, direction, page);
          if (target) go(target);
          else moving.current = false;
        })
        .catch(() => {
          moving.current = false;
        });
    },
    [deployment, tz, queryClient, router],
  );

  useEffect(() => {
    const direction = waitingKey.current;
    if (!direction || (!place && locating)) return;
    waitingKey.current = null; // taken, or dropped when the alarm has no place after all
    if (place) move(direction);
  }, [place, locating, move]);

  return { location, backQuery, move };
}
