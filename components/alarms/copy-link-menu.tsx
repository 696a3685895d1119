"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useDismiss } from "@/components/ui/use-dismiss";
import { type ListView, listHref } from "@/lib/shared/alarms/url-state";
import { useDeployment } from "@/components/deployments/deployment-context";

type Copied = "live" | "exact" | "failed" | null;

/** The view as it stands, with a rolling range frozen to the bounds the page was read with. */
export function frozenView(
  view: ListView,
  resolved: { gte: number | null; lte: number | null },
): ListView {
  const { range, ...filters } = view.query.filters;
  if (!range || resolved.gte === null || resolved.lte === null) return view;
  return {
    ...view,
    query: {
      ...view.query,
      filters: {
        ...filters,
        timestamp_occured_gte: resolved.gte,
        timestamp_occured_lte: resolved.lte,
      },
    },
  };
}

/**
 * "Copy link": the view as a link. With a rolling range it offers both "this view, live" (the
 * range stays rolling: tomorrow the link shows tomorrow's last 24 hours) and "these exact
 * alarms" (the range frozen to the bounds this page was read with).
 */
export function CopyLinkMenu({
  view,
  resolved,
}: {
  view: ListView;
  resolved: { gte: number | null; lte: number | null } | undefined;
}) {
  const { key } = useDeployment();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<Copied>(null);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setOpen(false), []);
  const rolling = view.query.filters.range !== undefined;

  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  useDismiss(open, root, closeMenu);

  async function copy(kind: "live" | "exact") {
    const target = kind === "exact" && resolved ? frozenView(view, resolved) : view;
    setOpen(false);
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${listHref(key, target)}`);
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
      <button type="button" className="btn-secondary" onClick={() => void copy("live")}>
        Copy link{status}
      </button>
    );
  }
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className="btn-secondary"
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
