"use client";
// "Copy link": the view as a link, a rolling range kept rolling or frozen to the page's times.

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useDismiss } from "@/components/ui/use-dismiss";
import { useHydrated } from "@/components/use-hydrated";
import type { AlarmFilters } from "@/lib/shared/alarms/query";

type Copied = "live" | "exact" | "failed" | null;
type Bounds = { gte: number | null; lte: number | null };

/** The filters as they stand, with a rolling range frozen to the bounds the page was read with. */
export function frozenFilters(filters: AlarmFilters, resolved: Bounds): AlarmFilters {
  const { range, ...rest } = filters;
  if (!range || resolved.gte === null || resolved.lte === null) return filters;
  return { ...rest, timestamp_occured_gte: resolved.gte, timestamp_occured_lte: resolved.lte };
}

/**
 * With a rolling range it offers both "this view, live" (the range stays rolling: tomorrow the
 * link shows tomorrow's last 24 hours) and "these exact alarms" (the range frozen to the bounds
 * this page was read with). `hrefFor`: the view's link with other filters, the rest as shown.
 */
export function CopyLinkMenu({
  filters,
  resolved,
  hrefFor,
}: {
  filters: AlarmFilters;
  resolved: Bounds | undefined;
  hrefFor: (filters: AlarmFilters) => string;
}) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<Copied>(null);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setOpen(false), []);
  const rolling = filters.range !== undefined;
  // Its server HTML stands until its code is there (./lazy-copy-link-menu.tsx): not usable yet.
  const waiting = !useHydrated() || undefined;

  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  useDismiss(open, root, closeMenu);

  async function copy(kind: "live" | "exact") {
    const shared = kind === "exact" && resolved ? frozenFilters(filters, resolved) : filters;
    setOpen(false);
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${hrefFor(shared)}`);
      setCopied(kind);
    } catch {
      setCopied("failed");
    }
  }

  const status = (
    <span aria-live="polite" className="min-w-0">
      {copied === "failed" ? (
        <span className="ml-1 text-red-700 dark:text-red-400">Copy failed</span>
      ) : copied ? (
        <span className="ml-1 text-emerald-700 dark:text-emerald-400">Copied</span>
      ) : null}
    </span>
  );

  if (!rolling) {
    return (
      <button
        type="button"
        className="btn-secondary"
        aria-disabled={waiting}
        onClick={() => void copy("live")}
      >
        Copy link{status}
      </button>
    );
  }
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className="btn-secondary"
        aria-disabled={waiting}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        Copy link <span aria-hidden="true">▾</span>
        {status}
      </button>
      {open ? (
        <div
          id={menuId}
          className="panel absolute right-0 z-20 mt-1 flex w-64 flex-col p-1 text-xs shadow-lg"
        >
          <button
            type="button"
            className="rounded px-2 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={() => void copy("live")}
          >
            <span className="font-medium">This view, live</span>
            <span className="block text-slate-600 dark:text-slate-400">
              The range keeps rolling: opened later, it shows the latest alarms.
            </span>
          </button>
          <button
            type="button"
            className="rounded px-2 py-1.5 text-left hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800"
            disabled={!resolved}
            onClick={() => void copy("exact")}
          >
            <span className="font-medium">These exact alarms</span>
            <span className="block text-slate-600 dark:text-slate-400">
              The range frozen to the times this page shows.
            </span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
