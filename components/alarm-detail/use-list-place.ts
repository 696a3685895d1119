"use client";

import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import {
  type ListPage,
  type Listed,
  type Location,
  type Step,
  locate,
  stepAlarm,
} from "@/lib/shared/alarms/neighbours";
import { type AlarmListQuery, toSearchParams } from "@/lib/shared/alarms/query";
import { alarmQueryOptions } from "@/lib/shared/queries/query-options";
import { rememberOpened } from "@/components/alarms/scroll-memory";
import type { ListSource } from "./list-source";

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
  source: ListSource,
  from: AlarmListQuery | null,
  uuid: string,
  deployment: string,
): ListPlace {
  const queryClient = useQueryClient();
  const router = useRouter();

  // Read straight from the cache; useQueries below loads what is missing and renders this again
  // when any of those pages changes.
  const pageOf = (query: AlarmListQuery): ListPage | undefined => {
    const data = queryClient.getQueryData(source.pageOptions(query).queryKey);
    return data === undefined ? undefined : source.asPage(data);
  };
  const located = from ? locate(from, uuid, pageOf, deployment) : null;
  const results = useQueries({
    queries: (located?.pages ?? []).map((query) => source.pageOptions(query)),
  });
  // A page that cannot be read (rate limit, error) leaves the alarm without a place, not waiting.
  // Read, so that it is tracked: useQueries renders again only for what the render looked at,
  // and the place above is read from the cache, so a page arriving must render it again.
  void results.map((result) => result.dataUpdatedAt);
  const failed = located?.state === "locating" && results.some((result) => result.isError);
  const location = failed ? null : located;
  const place = location?.state === "found" ? location.place : null;
  const backQuery = place?.query ?? from;

  const listUrl = backQuery ? source.listHref(backQuery) : null;
  const found = place !== null;
  useEffect(() => {
    // Whichever way the analyst got here (a step, back / forward): this is the row to return to.
    if (found && listUrl) rememberOpened(listUrl, uuid);
  }, [found, listUrl, uuid]);

  // The neighbours' details (data and route) are fetched before the analyst steps to them.
  const targetOf = (step: Step | null | undefined): Required<Listed> | undefined =>
    step?.uuid ? { uuid: step.uuid, deployment: step.deployment ?? deployment } : undefined;
  const hrefOf = (step: Step | null | undefined) => {
    const alarm = targetOf(step);
    return step && alarm ? source.detailHref(step.query, alarm) : undefined;
  };
  const next = targetOf(place?.next);
  const nextHref = hrefOf(place?.next);
  const previous = targetOf(place?.previous);
  const previousHref = hrefOf(place?.previous);
  const [nextKey, previousKey] = [next, previous].map((alarm) =>
    alarm ? `${alarm.deployment}/${alarm.uuid}` : undefined,
  );
  useEffect(() => {
    for (const [key, href] of [
      [nextKey, nextHref],
      [previousKey, previousHref],
    ] as const) {
      if (!key || !href) continue;
      const [owner, target] = key.split("/") as [string, string];
      void queryClient.prefetchQuery(alarmQueryOptions(owner, target));
      router.prefetch(href);
    }
  }, [queryClient, router, nextKey, nextHref, previousKey, previousHref]);

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
      const go = (target: Required<Listed>) => {
        // The analyst went elsewhere while the page was loading: stay where they are.
        if (window.location.href !== origin) {
          moving.current = false;
          return;
        }
        rememberOpened(source.listHref(step.query), target.uuid);
        router.push(source.detailHref(step.query, target));
      };
      if (step.uuid !== undefined) {
        return go({ uuid: step.uuid, deployment: step.deployment ?? deployment });
      }
      // Its page is still loading (a key pressed the moment the detail opened): wait for it.
      queryClient
        .fetchQuery(source.pageOptions(step.query))
        .then((data) => {
          const target = stepAlarm(step, direction, source.asPage(data));
          if (target) go({ deployment, ...target });
          else moving.current = false;
        })
        .catch(() => {
          moving.current = false;
        });
    },
    [deployment, source, queryClient, router],
  );

  useEffect(() => {
    const direction = waitingKey.current;
    if (!direction || (!place && locating)) return;
    waitingKey.current = null; // taken, or dropped when the alarm has no place after all
    if (place) move(direction);
  }, [place, locating, move]);

  return { location, backQuery, move };
}
