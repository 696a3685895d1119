"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useDeployments } from "@/components/deployments/deployment-context";
import {
  type MergedView,
  isCanonicalMerged,
  mergedHref,
  parseMergedView,
} from "@/lib/shared/alarms/merged-url";

/**
 * The one reader of the merged queue's URL (as components/alarms/use-list-url.ts is the list's):
 * useSearchParams, parsed once against the deployments the analyst may see. Writes go through
 * the browser's history API, which Next's router observes, so a filter change asks the API, not
 * the server page again. A URL with wrong parameters is replaced by its canonical form, once.
 */
export function useMergedUrl() {
  const searchParams = useSearchParams();
  const visible = useDeployments();
  const known = useMemo(() => visible.map((deployment) => deployment.key), [visible]);
  const parsed = useMemo(() => parseMergedView(searchParams, known), [searchParams, known]);
  // Between a write and the router catching up, the written view is shown (no snapping back).
  const [written, setWritten] = useState<{ view: MergedView; over: URLSearchParams } | null>(null);
  const view = written && written.over === searchParams ? written.view : parsed.view;

  useEffect(() => {
    if (parsed.problems.length === 0) return;
    const current = new URLSearchParams(window.location.search);
    if (current.toString() !== searchParams.toString()) return; // a newer write is on its way
    if (isCanonicalMerged(current, parsed.view)) return;
    window.history.replaceState(window.history.state, "", mergedHref(parsed.view));
  }, [parsed, searchParams]);

  const navigate = useCallback(
    (next: MergedView) => {
      setWritten({ view: next, over: searchParams });
      // A new history entry per view: back and forward walk through what the analyst saw.
      window.history.pushState(null, "", mergedHref(next));
    },
    [searchParams],
  );

  return { view, problems: parsed.problems, navigate };
}
