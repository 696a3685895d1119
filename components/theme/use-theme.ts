"use client";

import { useCallback, useSyncExternalStore } from "react";
import {
  DARK_QUERY,
  parseTheme,
  shownTheme,
  THEME_ATTRIBUTE,
  THEME_STORAGE_KEY,
  type Theme,
} from "./theme";

// The analyst's theme in this browser, for the user menu. The page's inline script
// (APPLY_STORED_THEME_SCRIPT) applied it before the first paint and keeps following the system
// and other tabs; a choice made here is stored and shown at once.

/** Told when this tab stores a choice (the `storage` event reaches the other tabs only). */
const CHANGED = "alarm-console:theme-changed";

function stored(): Theme {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return "system"; // storage refused (a locked-down browser): the system's
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** The stored choice (null while rendering on the server) and a way to choose another. */
export function useTheme(): [Theme | null, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, stored, () => null);
  const choose = useCallback((next: Theme) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // not kept, but shown for this page
    }
    const prefersDark = window.matchMedia(DARK_QUERY).matches;
    document.documentElement.setAttribute(THEME_ATTRIBUTE, shownTheme(next, prefersDark));
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return [theme, choose];
}
