"use client";
// Each list URL's scroll position and opened row, restored on the way back to it.

import { useEffect, useLayoutEffect } from "react";
import { listPathDeployment } from "@/lib/shared/alarms/paths";

// Remembers how far down each list URL was scrolled, and which alarm was opened from it (per
// tab, in sessionStorage), and restores both when the analyst comes back to that URL by
// back/forward or by "Back to alarms": the position, and keyboard focus on the row opened, so j
// and k carry on from there. The browser's own scroll restoration happens before the list has
// rendered its rows, so it lands short or at the top.

const STORAGE_KEY = "alarm-console:list-scroll";
const OPENED_KEY = "alarm-console:list-opened";
const MAX_ENTRIES = 50;

let pendingRestore: string | null = null;

export function currentListUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function readAll<T>(key = STORAGE_KEY): Record<string, T> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, T>) : {};
  } catch {
    return {};
  }
}

function remember<T>(key: string, url: string, value: T): void {
  try {
    const all = readAll<T>(key);
    delete all[url];
    all[url] = value;
    const keys = Object.keys(all);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete all[old];
    sessionStorage.setItem(key, JSON.stringify(all));
  } catch {
    // storage full or disabled: restoring scroll and focus is a nicety
  }
}

export function rememberScroll(url: string, y: number): void {
  if (pendingRestore === url) return; // the browser's early, clamped restore: not the analyst's
  remember(STORAGE_KEY, url, Math.round(y));
}

/** The alarm opened from a list URL, to put focus back on its row when the analyst returns. */
export function rememberOpened(url: string, uuid: string): void {
  remember(OPENED_KEY, url, uuid);
}

/** Asks the list to restore the remembered position for url once its rows have rendered. */
export function requestScrollRestore(url: string): void {
  pendingRestore = url;
}

/** The position to restore for url, once; undefined when nothing was requested for it. */
export function takeScrollRestore(url: string): { y: number; opened?: string } | undefined {
  if (pendingRestore !== url) return undefined;
  pendingRestore = null;
  return { y: readAll<number>()[url] ?? 0, opened: readAll<string>(OPENED_KEY)[url] };
}

/**
 * Saves the scroll position per list URL and the alarm opened from it; once the rows for a URL
 * the analyst came back to are in, restores the position and focuses the row opened.
 */
export function useScrollMemory(fresh: boolean) {
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => rememberScroll(currentListUrl(), window.scrollY));
    };
    // Capture, so a row opened by click, Enter on its link or a middle click is noted first.
    const onOpen = (event: Event) => {
      const row = (event.target as Element | null)?.closest?.(
        "[data-alarm-row], [data-alarm-card]",
      );
      const uuid = row?.getAttribute("data-alarm-row") ?? row?.getAttribute("data-alarm-card");
      if (uuid) rememberOpened(currentListUrl(), uuid);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    document.addEventListener("click", onOpen, true);
    document.addEventListener("auxclick", onOpen, true);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("click", onOpen, true);
      document.removeEventListener("auxclick", onOpen, true);
    };
  }, []);
  useLayoutEffect(() => {
    if (!fresh) return;
    const restore = takeScrollRestore(currentListUrl());
    if (restore === undefined) return;
    window.scrollTo(0, restore.y);
    if (restore.opened) focusRow(restore.opened);
  });
}

interface TraverseEvent extends Event {
  navigationType: string;
  destination: { url: string };
}

if (typeof window !== "undefined") {
  // React renders the page a back/forward leads to synchronously inside the router's popstate
  // listener, so the list must know before popstate: the Navigation API's navigate event comes
  // first. Browsers without it fall back to popstate (focus may then stay on the page).
  const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
  if (navigation) {
    navigation.addEventListener("navigate", (event) => {
      const { navigationType, destination } = event as TraverseEvent;
      if (navigationType !== "traverse") return;
      const url = new URL(destination.url);
      if (listPathDeployment(url.pathname) !== null)
        requestScrollRestore(`${url.pathname}${url.search}`);
    });
  } else {
    window.addEventListener("popstate", () => {
      if (listPathDeployment(window.location.pathname) !== null)
        requestScrollRestore(currentListUrl());
    });
  }
}

/**
 * Puts focus on a row's link. The router may still be showing the page it left for a frame or
 * two (and a hidden link cannot take focus), so it tries again for a few frames.
 */
function focusRow(uuid: string, framesLeft = 30): void {
  const id = CSS.escape(uuid);
  // The table's row or, on a phone, the card: whichever is on screen.
  const link = [
    ...document.querySelectorAll<HTMLElement>(
      `[data-alarm-row="${id}"] a[data-row-link], [data-alarm-card="${id}"] a[data-row-link]`,
    ),
  ].find((candidate) => candidate.checkVisibility());
  if (link) {
    link.focus({ preventScroll: true });
    if (document.activeElement === link) {
      // The row may lie outside the remembered scroll: the analyst stepped to it in the detail
      // (j / k), or came to a page not seen before. Bring it into view, and only then.
      const { top, bottom } = link.getBoundingClientRect();
      if (top < 0 || bottom > window.innerHeight) link.scrollIntoView({ block: "center" });
      return;
    }
  }
  if (framesLeft > 0) requestAnimationFrame(() => focusRow(uuid, framesLeft - 1));
}
