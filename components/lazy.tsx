"use client";
// A component whose code is fetched the first time it renders: what a page rarely shows.

import { type ComponentType, type ReactNode, Suspense, use, useEffect, useState } from "react";
import { useHydrated } from "@/components/use-hydrated";

// Not next/dynamic: it carries its own loader code, and Turbopack copied it into the chunk of
// each error boundary that used it (~1.6 KB gzipped each in `npm run bench -- lighthouse`), so
// the list paid more for it than the panels it kept out. Not React.lazy either: on the server it
// suspends at its first render, so the server streams the component after the rest of the page,
// and React reveals it a moment after the first paint. Here the server loads the code at once
// and renders it in place; the browser fetches it when first rendered (or preloaded), and while
// hydrating keeps the server's HTML until it is there, whatever the page re-renders meanwhile.

export interface LazyComponent<P> {
  (props: P): ReactNode;
  /** Fetches the code now (on a hint of use, such as a pointer over the button that opens it). */
  preload(): void;
}

export interface LazyOptions {
  /**
   * Where the server rendered it, hydrate it only once the browser is idle after the rest of the
   * page: its code is then not in the page's first load, and its server HTML stands (nothing
   * moves) until it is there. For a part the page is usable without. Rendered afresh (after a
   * navigation) before its code is there, it shows `fallback` a moment: preload it ahead
   * (afterHydration) where pages lead to it.
   */
  hydrateWhenIdle?: boolean;
}

/** `load`'s component, fetched when first rendered or preloaded; `fallback` until it is there. */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
  { hydrateWhenIdle = false }: LazyOptions = {},
): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  let idle: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const startWhenIdle = () => (idle ??= new Promise<void>((done) => whenIdle(done)).then(start));
  if (typeof window === "undefined") void start();

  function Load(props: P) {
    // False while hydrating (the server's snapshot), true once rendered afresh in the browser.
    const fresh = useHydrated();
    const later = hydrateWhenIdle && !fresh && typeof window !== "undefined";
    const Component = loaded ?? use(later ? startWhenIdle() : start());
    return <Component {...props} />;
  }
  function Loaded(props: P) {
    const element = (
      <Suspense fallback={fallback}>
        <Load {...props} />
      </Suspense>
    );
    // Until the code is there, the first render's element stands, the very same object: React
    // then leaves a boundary still waiting to hydrate alone. Given new props (a filter applied,
    // the rows arrived, a new callback), it would drop the server's HTML for `fallback` and the
    // page below would move up, then down again once the code came.
    const [first] = useState(element);
    const [ready, setReady] = useState(loaded !== undefined);
    useEffect(() => {
      if (ready) return;
      let mounted = true;
      const code = loading ?? (hydrateWhenIdle ? startWhenIdle() : start());
      // A failed fetch is Load's to show: its use() throws to the nearest error boundary.
      code.then(
        () => mounted && setReady(true),
        () => {},
      );
      return () => {
        mounted = false;
      };
    }, [ready]);
    return ready ? element : first;
  }
  Loaded.preload = () => void start();
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

/**
 * Runs `task` once a page of this document has hydrated (every page marks its root with
 * data-hydrated then: components/use-hydrated.ts, the home's refresh) and the browser is idle:
 * for code a later view will want, fetched without competing with this page's first load.
 * Returns a cancel.
 */
export function afterHydration(task: () => void): () => void {
  const marked = () => document.querySelector("[data-hydrated]") !== null;
  if (marked()) return whenIdle(task);
  let cancel = () => {};
  const observer = new MutationObserver(() => {
    if (!marked()) return;
    observer.disconnect();
    cancel = whenIdle(task);
  });
  observer.observe(document.body, {
    subtree: true,
    attributes: true,
    attributeFilter: ["data-hydrated"],
  });
  return () => {
    observer.disconnect();
    cancel();
  };
}
