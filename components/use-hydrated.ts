"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";

/**
 * Marks a page's root with data-hydrated once React runs it in the browser, so tests (and
 * scripts) know when keys and clicks work. Set from an effect, not from state: a state that
 * differs between server and browser would render the whole page a second time after hydration.
 */
export function useHydratedMark<T extends HTMLElement>() {
  const root = useRef<T>(null);
  useEffect(() => {
    root.current?.setAttribute("data-hydrated", "true");
  }, []);
  return root;
}

const subscribeNothing = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * False in the server's HTML and while hydrating, true once React runs the part in the browser:
 * for a control whose server HTML stands until its code is there (components/lazy.tsx,
 * hydrateWhenIdle), which says it cannot be used yet (a press before then would be lost).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, inBrowser, onServer);
}
