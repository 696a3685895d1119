"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import {
  type ListView,
  isCanonical,
  mergeSearch,
  parseListView,
} from "@/lib/shared/alarms/url-state";

/**
 * The one reader of the list's URL: useSearchParams, parsed once by the shared parser (the
 * server page and the route handler read the same URL the same way). Writes go through the
 * browser's history API, which Next's router observes, so the page never reads two sources.
 * A URL with wrong or oddly spelled parameters is replaced by its canonical form, once.
 *
 * The router takes the new URL in a transition, so for a moment after a write the search params
 * still say the old view: the written view is shown meanwhile (never an input that snaps back).
 */
export function useListUrl() {
  const searchParams = useSearchParams();
  const parsed = useMemo(() => parseListView(searchParams), [searchParams]);
  const [written, setWritten] = useState<{ view: ListView; over: URLSearchParams } | null>(null);
  const view = written && written.over === searchParams ? written.view : parsed.view;
  const problems = parsed.problems;

  useEffect(() => {
    const current = new URLSearchParams(window.location.search);
    // The router has not caught up with a newer write yet: that URL is not this one to correct.
    if (current.toString() !== searchParams.toString()) return;
    if (isCanonical(current, parsed.view)) return;
    replaceUrl(parsed.view);
  }, [parsed.view, searchParams]);

  const navigate = useCallback(
    (next: ListView, { replace = false } = {}) => {
      setWritten({ view: next, over: searchParams });
      if (replace) replaceUrl(next);
      else {
        const search = mergeSearch(new URLSearchParams(window.location.search), next);
        // A new history entry per view: back and forward walk through what the analyst saw.
        window.history.pushState(null, "", `${window.location.pathname}${search}`);
      }
    },
    [searchParams],
  );

  return { view, problems, navigate };
}

function replaceUrl(view: ListView) {
  const search = mergeSearch(new URLSearchParams(window.location.search), view);
  window.history.replaceState(window.history.state, "", `${window.location.pathname}${search}`);
}
