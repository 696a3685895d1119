"use client";
// "Views": list views saved under a name, the analyst's own and the team's, beside Copy link.

import { lazyComponent } from "@/components/lazy";
import { useDisclosure } from "@/components/ui/use-disclosure";

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
  const { open, panelId, root, button, close } = useDisclosure({
    preload: SavedViewsPanel.preload,
  });

  return (
    <div ref={root} className="relative">
      <button {...button} type="button" className="btn-secondary">
        Views <span aria-hidden="true">▾</span>
      </button>
      {open ? <SavedViewsPanel id={panelId} close={close} /> : null}
    </div>
  );
}
