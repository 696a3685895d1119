"use client";
// "Views": list views saved under a name, the analyst's own and the team's, beside Copy link.

import { useCallback, useId, useRef, useState } from "react";
import { lazyComponent } from "@/components/lazy";
import { useDismiss } from "@/components/ui/use-dismiss";

// The panel (and the views it reads) is fetched when the pointer comes over the button or focus
// reaches it: it is not in the list's first load, and nothing is asked of the server before.
const SavedViewsPanel = lazyComponent(() =>
  import("./saved-views-panel").then((m) => m.SavedViewsPanel),
);

/**
 * A disclosure button and its panel of buttons: open a view, save this one, change one's own.
 * Escape or a click elsewhere closes it (Escape gives focus back to the button).
 */
export function SavedViewsMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((byKey: boolean) => {
    setOpen(false);
    if (byKey) button.current?.focus();
  }, []);
  const closeAfterChoice = useCallback(() => close(false), [close]);

  useDismiss(open, root, close);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="btn-secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={SavedViewsPanel.preload}
        onFocus={SavedViewsPanel.preload}
        onClick={() => setOpen((value) => !value)}
      >
        Views <span aria-hidden="true">▾</span>
      </button>
      {open ? <SavedViewsPanel id={panelId} close={closeAfterChoice} /> : null}
    </div>
  );
}
