"use client";

import { useEffect, useRef } from "react";

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
