"use client";
// The browser's store of the analyst's table preferences (columns, density, overview).

import { useCallback, useLayoutEffect, useSyncExternalStore } from "react";
import {
  DEFAULT_VIEW,
  STORAGE_KEY,
  type ViewPreferences,
  applyViewToDocument,
  parseViewPreferences,
} from "./view-preferences";

// The browser's copy of the analyst's table preferences: localStorage, read through
// useSyncExternalStore. The server (and hydration) get the defaults, so the first render in
// the browser matches the server's HTML; React then renders the stored view at once. What
// would jump in between (hidden columns, density) is already styled from <html> by the inline
// script (APPLY_STORED_VIEW_SCRIPT), so nothing moves when the page becomes interactive.

const listeners = new Set<() => void>();
/** What this tab chose when the browser would not store it (private mode, quota, blocked). */
let unsaved: string | null = null;
let lastRaw: string | null | undefined;
let lastView: ViewPreferences = DEFAULT_VIEW;

function storedRaw(): string | null {
  if (unsaved !== null) return unsaved;
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The same object for the same stored text, as useSyncExternalStore requires. */
function getSnapshot(): ViewPreferences {
  const raw = storedRaw();
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastView = parseViewPreferences(raw);
  }
  return lastView;
}

const getServerSnapshot = () => DEFAULT_VIEW;

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab changed them: follow (the storage event never fires in the tab that wrote).
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    unsaved = null;
    onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

function save(next: ViewPreferences): void {
  const raw = JSON.stringify(next);
  try {
    window.localStorage.setItem(STORAGE_KEY, raw);
    unsaved = null;
  } catch {
    unsaved = raw; // kept for this tab at least
  }
  for (const listener of listeners) listener();
}

export type ViewUpdate = (current: ViewPreferences) => ViewPreferences;

/** The stored preferences, and a setter that stores (and shares with every table in the tab). */
export function useViewPreferences(): [ViewPreferences, (update: ViewUpdate) => void] {
  const view = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  // Before paint: the <html> attributes that globals.css styles by follow every change. Not
  // while hydrating with the server's defaults: the inline script has set the stored ones.
  useLayoutEffect(() => {
    if (view === getSnapshot()) applyViewToDocument(view, document.documentElement);
  }, [view]);
  const update = useCallback((change: ViewUpdate) => save(change(getSnapshot())), []);
  return [view, update];
}
