"use client";
// A component whose code is fetched the first time it renders: what a page rarely shows.

import { type ComponentType, type ReactNode, Suspense, lazy } from "react";

// React.lazy rather than next/dynamic: next/dynamic carries its own loader code (~1.6 KB
// gzipped), and Turbopack copies it into the chunk of each boundary that uses it, so a page
// paid more for it than the panels it kept out of the first load.

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
