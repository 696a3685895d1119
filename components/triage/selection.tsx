"use client";
// Which rows of the list the analyst has chosen for a bulk action: by deployment and uuid (the
// queue mixes deployments), or on a grouped list which groups (by their value); forgotten when
// the view changes (another page, filter or search).

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export interface RowRef {
  deployment: string;
  uuid: string;
}

export const rowId = (row: RowRef) => `${row.deployment}:${row.uuid.toLowerCase()}`;

/** A group ticked on a grouped list (its top level): its value, as its link searches for it. */
export interface ChosenGroup {
  value: string | null;
  count: number;
}

const groupId = (group: Pick<ChosenGroup, "value">) => JSON.stringify(group.value);

interface Chosen {
  view: string;
  chosen: Set<string>;
  groups: Map<string, ChosenGroup>;
}

const none = (view: string): Chosen => ({ view, chosen: new Set(), groups: new Map() });

interface Selection {
  /** The list shows its checkboxes and the bulk bar (off until the analyst asks for them). */
  selecting: boolean;
  setSelecting: (on: boolean) => void;
  chosen: ReadonlySet<string>;
  toggle: (row: RowRef) => void;
  /** Chooses every row given, or lets them all go when every one was chosen. */
  togglePage: (rows: readonly RowRef[]) => void;
  clear: () => void;
  /** The groups ticked, by value (a grouped list). */
  groups: ReadonlyMap<string, ChosenGroup>;
  isGroupChosen: (group: Pick<ChosenGroup, "value">) => boolean;
  toggleGroup: (group: ChosenGroup) => void;
}

const Context = createContext<Selection | null>(null);

/** Rows are chosen within one view: `view` (its query string) changing lets them go. */
export function SelectionProvider({ view, children }: { view: string; children: ReactNode }) {
  const [state, setState] = useState<Chosen>(() => none(view));
  const current = useMemo(() => (state.view === view ? state : none(view)), [state, view]);
  const { chosen, groups } = current;
  // Each change starts from this view's choice (another view's is forgotten).
  const change = useCallback(
    (edit: (next: Chosen) => void) =>
      setState((was) => {
        const next: Chosen = {
          view,
          chosen: new Set(was.view === view ? was.chosen : []),
          groups: new Map(was.view === view ? was.groups : []),
        };
        edit(next);
        return next;
      }),
    [view],
  );
  const toggle = useCallback(
    (row: RowRef) =>
      change(({ chosen: next }) => {
        const id = rowId(row);
        if (!next.delete(id)) next.add(id);
      }),
    [change],
  );
  const togglePage = useCallback(
    (rows: readonly RowRef[]) =>
      change(({ chosen: next }) => {
        const all = rows.every((row) => next.has(rowId(row)));
        for (const row of rows) {
          if (all) next.delete(rowId(row));
          else next.add(rowId(row));
        }
      }),
    [change],
  );
  const toggleGroup = useCallback(
    (group: ChosenGroup) =>
      change(({ groups: next }) => {
        const id = groupId(group);
        if (!next.delete(id)) next.set(id, group);
      }),
    [change],
  );
  const isGroupChosen = useCallback(
    (group: Pick<ChosenGroup, "value">) => groups.has(groupId(group)),
    [groups],
  );
  const clear = useCallback(() => setState(none(view)), [view]);
  const [selecting, setSelecting] = useState(false);
  const value = useMemo(
    () => ({
      selecting,
      setSelecting,
      chosen,
      toggle,
      togglePage,
      clear,
      groups,
      isGroupChosen,
      toggleGroup,
    }),
    [selecting, chosen, toggle, togglePage, clear, groups, isGroupChosen, toggleGroup],
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
