"use client";

import { useEffect } from "react";
import { hasModifier, isTyping } from "@/components/keyboard";

/** "." shows the alarms that arrived (when there are), "l" pauses or resumes live updates. */
export function useLiveKeys({
  onShow,
  onTogglePause,
}: {
  onShow: (() => void) | null;
  onTogglePause: () => void;
}) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || hasModifier(event)) return;
      if (isTyping(event.target)) return;
      if (event.key === "." && onShow) {
        event.preventDefault();
        onShow();
      } else if (event.key === "l") {
        event.preventDefault();
        onTogglePause();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onShow, onTogglePause]);
}
