// What the Views menu's rows share: their props, and the line that says why a write failed.

import type { SavedView } from "@/lib/shared/triage/saved-views";
import type { SavedViewsState } from "./use-saved-views";

export interface ViewRowProps {
  view: SavedView;
  state: SavedViewsState;
  /** Goes to the view (and closes the menu). */
  open: (view: SavedView) => void;
}

export function RowError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="ml-2 text-red-700 dark:text-red-400">
      {error}
    </p>
  ) : null;
}
