"use client";

import { useEffect, type RefObject } from "react";

/**
 * Closes an open menu on Escape or on a pointer press outside its root; `close` learns which,
 * so a menu closed from the keyboard can give focus back to its button.
 */
export function useDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  close: (byKey: boolean) => void,
) {
  useEffect(() => {
    if (!open) return;
    const onEvent = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        event.preventDefault(); // this Escape was the menu's: nothing else acts on it
        close(true);
      } else if (!root.current?.contains(event.target as Node)) {
        close(false);
      }
    };
    document.addEventListener("keydown", onEvent);
    document.addEventListener("pointerdown", onEvent);
    return () => {
      document.removeEventListener("keydown", onEvent);
      document.removeEventListener("pointerdown", onEvent);
    };
  }, [open, root, close]);
}
