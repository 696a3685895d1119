"use client";
// The detail's triage keys: t takes the alarm (a teammate's: asks first), a acknowledges it, c
// opens the close form. Listed in `?` (components/keyboard-help-dialog.tsx); none of them is a key
// of the detail's before (j, k, Esc, Backspace, d, ?), and none fires while the analyst types or
// a dialog or menu is open.

import { useEffect, useRef } from "react";
import { hasModifier, isOverlayOpen, isTyping } from "@/components/keyboard";

export type TriageKeyActions = Partial<Record<"t" | "a" | "c", () => void>>;

/** Each action present is what its key does now; a key without one does nothing. */
export function useTriageKeys(actions: TriageKeyActions): void {
  const current = useRef(actions);
  useEffect(() => {
    current.current = actions;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || hasModifier(event) || isTyping(event.target)) return;
      if (isOverlayOpen()) return;
      const run = current.current[event.key as keyof TriageKeyActions];
      if (!run) return;
      event.preventDefault();
      run();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
