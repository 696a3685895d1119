"use client";
// Which rows of the list the analyst has chosen for a bulk action: by deployment and uuid (the
// queue mixes deployments), forgotten when the view changes (another page, filter or search).

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export interface RowRef {
  deployment: string;
  uuid: string;
}

export const rowId = (row: RowRef) => `${row.deployment}:${row.uuid.toLowerCase()}`;

interface Selection {
  /** The list shows its checkboxes and the bulk bar (off until the analyst asks for them). */
  selecting: boolean;
  setSelecting: (on: boolean) => void;
  chosen: ReadonlySet<string>;
  toggle: (row: RowRef) => void;
  /** Chooses every row given, or lets them all go when every one was chosen. */
  togglePage: (rows: readonly RowRef[]) => void;
  clear: () => void;
}

const Context = createContext<Selection | null>(null);

/** Rows are chosen within one view: `view` (its query string) changing lets them go. */
export function SelectionProvider({ view, children }: { view: string; children: ReactNode }) {
  const [state, setState] = useState<{ view: string; chosen: Set<string> }>({
    view,
    chosen: new Set(),
  });
  const chosen = useMemo(
    () => (state.view === view ? state.chosen : new Set<string>()),
    [state, view],
  );
  const toggle = useCallback(
    (row: RowRef) =>
      setState((current) => {
        const next = new Set(current.view === view ? current.chosen : []);
        const id = rowId(row);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return { view, chosen: next };
      }),
    [view],
  );
  const togglePage = useCallback(
    (rows: readonly RowRef[]) =>
      setState((current) => {
        const next = new Set(current.view === view ? current.chosen : []);
        const all = rows.every((row) => next.has(rowId(row)));
        for (const row of rows) {
          if (all) next.delete(rowId(row));
          else next.add(rowId(row));
        }
        return { view, chosen: next };
      }),
    [view],
  );
  const clear = useCallback(() => setState({ view, chosen: new Set() }), [view]);
  const [selecting, setSelecting] = useState(false);
  const value = useMemo(
    () => ({ selecting, setSelecting, chosen, toggle, togglePage, clear }),
    [selecting, chosen, toggle, togglePage, clear],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/**
 * "Select": the list's checkboxes and bulk actions, on and off. `onIntent`: the pointer or focus
 * came to it (the bulk bar's code can be fetched).
 */
export function SelectToggle({ onIntent }: { onIntent?: () => void }) {
  const selection = useContext(Context);
  if (!selection) return null;
  return (
    <button
      type="button"
      className="btn text-xs"
      aria-pressed={selection.selecting}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onClick={() => {
        if (selection.selecting) selection.clear();
        selection.setSelecting(!selection.selecting);
      }}
    >
      Select
    </button>
  );
}

/** The list's selection, or null where the list offers none. */
export function useSelection(): Selection | null {
  return useContext(Context);
}
