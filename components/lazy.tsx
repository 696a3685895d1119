"use client";
// A component whose code is fetched the first time it renders: what a page rarely shows.

import { type ComponentType, type ReactNode, Suspense, lazy } from "react";

// React.lazy rather than next/dynamic: next/dynamic carries its own loader code, and Turbopack
// copied it into the chunk of each error boundary that used it (~1.6 KB gzipped each in
// `npm run bench -- lighthouse`), so the list paid more for it than the panels it kept out.

export interface LazyComponent<P> {
  (props: P): ReactNode;
  /** Fetches the code now (on a hint of use, such as a pointer over the button that opens it). */
  preload(): void;
}

/**
 * `load`'s component, fetched when first rendered (or preloaded). Until it has arrived it
 * renders `fallback`; in server-rendered HTML it is already there, and hydration waits for it.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyComponent<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Loaded(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Loaded.preload = () => void load();
  return Loaded;
}

/**
 * Runs `task` when the browser is next idle, in a task of its own: a fetch started while the page
 * hydrates, even from an effect, competes with it for the network (and bench/first-load-js.ts
 * counts it in the first load). Returns a cancel.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(task, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 200); // Safari has no requestIdleCallback
  return () => clearTimeout(timer);
}
