"use client";

// Remembers how far down each list URL was scrolled (per tab, in sessionStorage) and restores it
// when the analyst comes back to that URL by back/forward or by "Back to alarms". The browser's
// own restoration happens before the list has rendered its rows, so it lands short or at the top.

const STORAGE_KEY = "alarm-console:list-scroll";
const MAX_ENTRIES = 50;

let pendingRestore: string | null = null;

export function currentListUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function readAll(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function rememberScroll(url: string, y: number): void {
  if (pendingRestore === url) return; // the browser's early, clamped restore: not the analyst's
  try {
    const all = readAll();
    delete all[url];
    all[url] = Math.round(y);
    const keys = Object.keys(all);
    for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete all[key];
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // storage full or disabled: restoring scroll is a nicety
  }
}

/** Asks the list to restore the remembered position for url once its rows have rendered. */
export function requestScrollRestore(url: string): void {
  pendingRestore = url;
}

/** The position to restore for url, once; undefined when nothing was requested for it. */
export function takeScrollRestore(url: string): number | undefined {
  if (pendingRestore !== url) return undefined;
  pendingRestore = null;
  return readAll()[url] ?? 0;
}

if (typeof window !== "undefined") {
  window.addEventListener("popstate", () => {
    if (window.location.pathname === "/alarms") requestScrollRestore(currentListUrl());
  });
}
