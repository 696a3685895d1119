"use client";
// One clock for every age a list shows: read from Date.now (which a test installs its own of),
// ticking every 15 s for all of them at once. The server and the hydration render see no time
// (null), so the page hydrates whatever the clocks say, and the ages appear straight after.

import { useSyncExternalStore } from "react";

const TICK_MS = 15_000;

let now = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const each of listeners) each();
    }, TICK_MS);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

// The same value until the next tick (React asks again and again within one render); a list
// coming back after a while reads the time afresh when it subscribes, and React sees it changed.
function snapshot(): number {
  if (now === 0) now = Date.now();
  return now;
}
const serverSnapshot = () => null;

/** Now, in epoch ms, renewed every few seconds; null while the server renders or hydrates. */
export function useClock(): number | null {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
