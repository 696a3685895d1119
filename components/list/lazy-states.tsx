"use client";
// Every list's rare states and notices, as the lists render them: their code fetched apart.

import { lazyComponent } from "@/components/lazy";

// An error, nothing matching, a place past the end, a corrected link, a failed deployment: a
// list shows these rarely, and never with the rows of its first paint, so they are not in its
// first load. A list fetches them once it is idle (preloadListStates), so that the moment one
// is wanted it is there, rather than leaving a gap where the rows were.

const states = () => import("./list-states");
const notices = () => import("./list-notices");
const noRows = () => import("./no-rows");

export const ErrorState = lazyComponent(() => states().then((m) => m.ErrorState));
export const EmptyState = lazyComponent(() => states().then((m) => m.EmptyState));
export const PastTheEnd = lazyComponent(() => states().then((m) => m.PastTheEnd));
export const CorrectedNotice = lazyComponent(() => notices().then((m) => m.CorrectedNotice));
export const FailureBanners = lazyComponent(() => notices().then((m) => m.FailureBanners));
export const NoRows = lazyComponent(() => noRows().then((m) => m.NoRows));

/** Fetches them all (once the list has hydrated and the browser is idle). */
export function preloadListStates(): void {
  void states();
  void notices();
  void noRows();
}
