"use client";

import { useCallback, useId, useRef, useState } from "react";
import { useDismiss } from "./use-dismiss";

/**
 * A button that shows and hides a panel beside it: whether it is open, the panel's id, and the
 * button's part (its ref, aria-expanded, aria-controls and the toggle) to spread on it. Unless
 * `dismiss` is false (a fold of the page rather than a panel over it), Escape or a pointer
 * press outside `root` closes it, and Escape gives focus back to the button. `preload` fetches
 * a lazily loaded panel's code on a hint of use: the pointer over the button, or focus on it.
 */
export function useDisclosure({
  dismiss = true,
  preload,
}: { dismiss?: boolean; preload?: () => void } = {}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const ref = useRef<HTMLButtonElement>(null);
  /** Closes the panel; `byKey` (Escape) gives focus back to the button. */
  const close = useCallback((byKey = false) => {
    setOpen(false);
    if (byKey) ref.current?.focus();
  }, []);
  const toggle = useCallback(() => setOpen((was) => !was), []);
  useDismiss(dismiss && open, root, close);
  return {
    open,
    panelId,
    /** The element holding the button and the panel: a press outside it closes the panel. */
    root,
    close,
    button: {
      ref,
      "aria-expanded": open,
      "aria-controls": panelId,
      onClick: toggle,
      onPointerEnter: preload,
      onFocus: preload,
    },
  };
}
