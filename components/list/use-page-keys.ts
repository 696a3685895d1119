"use client";
// A list's keys wired to its place: "/" to its search box, n / p to the next or previous page,
// by number or, in a list paged by time, toward older or newer alarms first.

import { useCallback, useRef } from "react";
import { focusSearch } from "@/components/search/search-box";
import { useListKeyboard } from "./use-list-keyboard";

/** Where a list paged by time can go: the cursors of the older and newer pages, when there are. */
interface ByTime {
  older: string | null;
  newer: string | null;
  /** The view stands at a cursor (so not on a numbered page). */
  atCursor: boolean;
  onCursor: (cursor: string) => void;
}

const NUMBERED: ByTime = { older: null, newer: null, atCursor: false, onCursor: () => {} };

/**
 * The list's keys on page `page` of `totalPages`: n and p stay within the pages (an old link past
 * the end goes back to the last one). Returns the ref its search box takes.
 */
export function usePageKeys({
  page,
  totalPages,
  onPage,
  byTime = NUMBERED,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  byTime?: ByTime;
}): React.RefObject<HTMLInputElement | null> {
  const searchInput = useRef<HTMLInputElement>(null);
  const { older, newer, atCursor, onCursor } = byTime;
  useListKeyboard({
    focusFilter: useCallback(() => focusSearch(searchInput.current), []),
    nextPage: useCallback(() => {
      if (older) onCursor(older);
      else if (page + 1 < totalPages) onPage(page + 1);
    }, [older, onCursor, page, totalPages, onPage]),
    previousPage: useCallback(() => {
      if (newer) onCursor(newer);
      else if (!atCursor && page > 0) onPage(Math.min(page - 1, Math.max(0, totalPages - 1)));
    }, [newer, onCursor, atCursor, page, totalPages, onPage]),
  });
  return searchInput;
}
