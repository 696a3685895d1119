"use client";
// The lists' keys: j / k between rows, Enter opens, / to the search box, n / p change page (by
// number or, in a list paged by time, toward older or newer alarms first).

import { useCallback, useEffect, useRef } from "react";
import { hasModifier, isTyping } from "@/components/keyboard";
import { focusSearch } from "@/components/search/search-box";

/**
 * Each row's link, in order: the table's rows or, below md, the cards (both lists carry
 * data-alarm-rows; the one CSS hides has no boxes).
 */
function rowLinks(): HTMLAnchorElement[] {
  return [
    ...document.querySelectorAll<HTMLAnchorElement>("[data-alarm-rows] a[data-row-link]"),
  ].filter((link) => link.getClientRects().length > 0);
}

/** A row's link, or the table row that holds it. */
const rowOf = (link: HTMLAnchorElement): Element => link.closest("tr") ?? link;

/**
 * Analysts' keys: j / k (or the arrows, inside the table or the cards) move between rows, Enter opens the
 * focused row's alarm (it is a real link), "/" goes to the search box, n / p change page.
 */
function useListKeyboard({
  focusFilter,
  nextPage,
  previousPage,
}: {
  focusFilter: () => void;
  nextPage: () => void;
  previousPage: () => void;
}) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || hasModifier(event)) return;
      if (isTyping(event.target)) return;
      const links = rowLinks();
      const current = links.findIndex((link) => rowOf(link).contains(document.activeElement));
      const inTable = current >= 0;
      const move = (delta: number) => {
        event.preventDefault();
        const index = current < 0 ? (delta > 0 ? 0 : links.length - 1) : current + delta;
        links[Math.max(0, Math.min(links.length - 1, index))]?.focus();
      };
      switch (event.key) {
        case "/":
          event.preventDefault();
          focusFilter();
          return;
        case "j":
          return move(1);
        case "k":
          return move(-1);
        case "ArrowDown":
          if (inTable) move(1);
          return;
        case "ArrowUp":
          if (inTable) move(-1);
          return;
        case "n":
          event.preventDefault();
          nextPage();
          return;
        case "p":
          event.preventDefault();
          previousPage();
          return;
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [focusFilter, nextPage, previousPage]);
}

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
