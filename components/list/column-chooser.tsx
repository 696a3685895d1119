"use client";
// "Columns": which of the alarm table's columns show, and in which order.

import { lazyComponent } from "@/components/lazy";
import { useDisclosure } from "@/components/ui/use-disclosure";
import type { ViewPreferences } from "./view-preferences";
import type { ViewUpdate } from "./use-view-preferences";

// The panel is fetched when the pointer comes over the button or focus reaches it (a click
// without either still opens it, a moment later): it is not in the list's first load.
const ColumnChooserPanel = lazyComponent(() =>
  import("./column-chooser-panel").then((m) => m.ColumnChooserPanel),
);

/**
 * Show, hide and order the table's columns: a disclosure button and a panel with a checkbox and
 * move up / move down buttons per column. Changes go to the analyst's view preferences (kept in
 * this browser, shared by every list's table). Escape or a click elsewhere closes it.
 */
export function ColumnChooser({
  preferences,
  update,
  waiting = false,
}: {
  preferences: ViewPreferences;
  update: (change: ViewUpdate) => void;
  /** Its server HTML, before its code is there: not usable yet. */
  waiting?: boolean;
}) {
  const { open, panelId, root, button } = useDisclosure({ preload: ColumnChooserPanel.preload });
  const hiddenCount = preferences.columnOrder.filter(
    (id) => preferences.columnVisibility[id] === false,
  ).length;

  return (
    <div ref={root} className="relative">
      <button {...button} type="button" className="btn" aria-disabled={waiting || undefined}>
        Columns
        {hiddenCount > 0 ? (
          <span className="text-slate-500 dark:text-slate-400">({hiddenCount} hidden)</span>
        ) : null}
        <span aria-hidden="true" className="text-[9px]">
          ▾
        </span>
      </button>
      {/* Rendered only while open: its "Status" and "Priority" boxes are no labels to find. */}
      {open ? <ColumnChooserPanel id={panelId} preferences={preferences} update={update} /> : null}
    </div>
  );
}
