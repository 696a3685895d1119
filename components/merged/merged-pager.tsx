"use client";

import Link from "next/link";
import { formatCount } from "@/lib/shared/alarms/format";
import type { PageSize } from "@/lib/shared/alarms/query";
import { toZonedInputValue, zoneLabel } from "@/lib/shared/alarms/time-zone";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { RowsPerPage } from "@/components/alarms/pagination";
import { useTimeZone } from "@/components/ui/time-zone";

// Paging by cursor: Newer and Older (real links: a new tab, a copied link, back and forward all
// work), Newest when the page is not the first, and what the page spans in time. No totals: a
// merged queue has no page numbers.

/** "from 2026-11-22 10:05:31 to 09:58:02 UTC": the date and zone said once when they agree. */
export function shownSpan(alarms: AlarmSummary[], zone: string): string | null {
  const times = alarms.flatMap((alarm) => (alarm.occurredAt === null ? [] : [alarm.occurredAt]));
  if (times.length === 0) return null;
  const newest = Math.max(...times);
  const oldest = Math.min(...times);
  const [newestText, oldestText] = [newest, oldest].map((ms) => toZonedInputValue(ms, zone));
  const [newestZone, oldestZone] = [newest, oldest].map((ms) => zoneLabel(ms, zone));
  const sameDay = newestText!.slice(0, 10) === oldestText!.slice(0, 10);
  const sameZone = newestZone === oldestZone;
  const to = sameDay && sameZone ? oldestText!.slice(11) : oldestText;
  return sameZone
    ? `from ${newestText} to ${to} ${oldestZone}`
    : `from ${newestText} ${newestZone} to ${oldestText} ${oldestZone}`;
}

function PageLink({
  href,
  label,
  rel,
  onGo,
  children,
}: {
  href: string | null;
  label: string;
  rel?: string;
  onGo: () => void;
  children: React.ReactNode;
}) {
  if (href === null) {
    return (
      <span className="btn cursor-not-allowed opacity-40" aria-disabled="true" title={label}>
        {children}
      </span>
    );
  }
  return (
    <Link
      href={href}
      prefetch={false}
      rel={rel}
      aria-label={label}
      className="btn"
      onClick={(event) => {
        // A plain click stays on the page and asks only the API; a new tab gets the link.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
          return;
        event.preventDefault();
        onGo();
      }}
    >
      {children}
    </Link>
  );
}

export function MergedPager({
  alarms,
  newerHref,
  olderHref,
  newestHref,
  onNewer,
  onOlder,
  onNewest,
  size,
  onSize,
}: {
  alarms: AlarmSummary[];
  newerHref: string | null;
  olderHref: string | null;
  /** Null on the newest page (no cursor). */
  newestHref: string | null;
  onNewer: () => void;
  onOlder: () => void;
  onNewest: () => void;
  size: PageSize;
  onSize: (size: PageSize) => void;
}) {
  const zone = useTimeZone();
  const span = shownSpan(alarms, zone);
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs text-slate-700 dark:text-slate-300"
    >
      <p aria-live="polite" data-shown-span>
        Showing <span className="font-semibold tabular-nums">{formatCount(alarms.length)}</span>{" "}
        {alarms.length === 1 ? "alarm" : "alarms"}
        {span ? <span className="tabular-nums"> {span}</span> : null}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <RowsPerPage size={size} onSize={onSize} />
        <div className="flex items-center gap-1">
          {newestHref !== null ? (
            <PageLink href={newestHref} label="Newest" onGo={onNewest}>
              «<span>Newest</span>
            </PageLink>
          ) : null}
          <PageLink href={newerHref} label="Newer" rel="prev" onGo={onNewer}>
            ‹<span>Newer</span>
          </PageLink>
          <PageLink href={olderHref} label="Older" rel="next" onGo={onOlder}>
            <span>Older</span>›
          </PageLink>
        </div>
      </div>
    </nav>
  );
}
