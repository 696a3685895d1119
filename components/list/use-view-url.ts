"use client";
// The one reader and writer of a list view's URL, for every list (a deployment's, several's, all).

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";

/** How a list reads and writes its URL (lib/shared/alarms/view.ts, by the list's scope). */
export interface ViewUrl<V, P> {
  /** Every wrong parameter reported and left out, so the page can say what it corrected. */
  parse: (params: URLSearchParams) => { view: V; problems: P[] };
  /** The address (path and search) showing `view`; `current` holds the parameters now. */
  href: (view: V, current: URLSearchParams) => string;
  /** Whether `current` already says exactly what the view's canonical form says. */
  isCanonical: (current: URLSearchParams, view: V) => boolean;
}

/**
 * useSearchParams, parsed once by the view's shared parser (the server page and the route
 * handler read the same URL the same way). Writes go through the browser's history API, which
 * Next's router observes, so a filter change asks the API, never the server page again, and the
 * page never reads two sources. A URL with wrong or oddly spelled parameters is replaced by its
 * canonical form, once. `url` must keep its identity while it means the same (a module constant
 * or a memo).
 *
 * The router takes the new URL in a transition, so for a moment after a write the search params
 * still say the old view: the written view is shown meanwhile (never an input that snaps back).
 */
export function useViewUrl<V, P>(url: ViewUrl<V, P>) {
  const searchParams = useSearchParams();
  const parsed = useMemo(() => url.parse(searchParams), [url, searchParams]);
  const [written, setWritten] = useState<{ view: V; over: URLSearchParams } | null>(null);
  const view = written && written.over === searchParams ? written.view : parsed.view;

  useEffect(() => {
    const current = new URLSearchParams(window.location.search);
    // The router has not caught up with a newer write yet: that URL is not this one to correct.
    if (current.toString() !== searchParams.toString()) return;
    if (url.isCanonical(current, parsed.view)) return;
    window.history.replaceState(window.history.state, "", url.href(parsed.view, current));
  }, [url, parsed.view, searchParams]);

  const navigate = useCallback(
    (next: V) => {
      setWritten({ view: next, over: searchParams });
      const current = new URLSearchParams(window.location.search);
      // A new history entry per view: back and forward walk through what the analyst saw.
      window.history.pushState(null, "", url.href(next, current));
    },
    [url, searchParams],
  );

  return { view, problems: parsed.problems, navigate };
}
