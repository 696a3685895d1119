"use client";
// The lists' keys: j / k between rows, Enter opens, / to the search box, n / p change page.

import { useEffect } from "react";
import { hasModifier, isTyping } from "@/components/keyboard";

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
export function useListKeyboard({
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
