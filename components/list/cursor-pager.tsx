"use client";
// Under a queue paged by time (no totals, no page numbers): the span its page shows, and Newer,
// Older and Newest. Apart from pager.tsx, so a list paged by number does not load it.

import Link from "next/link";
import { formatCount } from "@/lib/shared/alarms/format";
import { toZonedInputValue, zoneLabel } from "@/lib/shared/alarms/time-zone";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { useTimeZone } from "@/components/ui/time-zone";
import { type PageLinkTarget, followHere } from "./follow-here";
import { PagerFrame, type PagerProps } from "./pager";

/**
 * A queue paged by cursor (no totals, no page numbers): Newer and Older as real links (a new tab,
 * a copied link, back and forward all work), Newest when the page is not the first.
 */
export interface CursorPages {
  alarms: AlarmSummary[];
  newer: PageLinkTarget | null;
  older: PageLinkTarget | null;
  /** Null on the newest page. */
  newest: PageLinkTarget | null;
}

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

/** The pager of a queue paged by time. */
export function CursorPager({ pages, size, onSize }: PagerProps<CursorPages>) {
  return (
    <PagerFrame
      range={<ShownSpan alarms={pages.alarms} />}
      controls={<CursorLinks pages={pages} />}
      size={size}
      onSize={onSize}
    />
  );
}

function ShownSpan({ alarms }: { alarms: AlarmSummary[] }) {
  const span = shownSpan(alarms, useTimeZone());
  return (
    <p aria-live="polite" data-shown-span>
      Showing <span className="font-semibold tabular-nums">{formatCount(alarms.length)}</span>{" "}
      {alarms.length === 1 ? "alarm" : "alarms"}
      {span ? <span className="tabular-nums"> {span}</span> : null}
    </p>
  );
}

function CursorLinks({ pages }: { pages: CursorPages }) {
  return (
    <div className="flex items-center gap-1">
      {pages.newest !== null ? (
        <PageLink target={pages.newest} label="Newest">
          «<span>Newest</span>
        </PageLink>
      ) : null}
      <PageLink target={pages.newer} label="Newer" rel="prev">
        ‹<span>Newer</span>
      </PageLink>
      <PageLink target={pages.older} label="Older" rel="next">
        <span>Older</span>›
      </PageLink>
    </div>
  );
}

function PageLink({
  target,
  label,
  rel,
  children,
}: {
  target: PageLinkTarget | null;
  label: string;
  rel?: string;
  children: React.ReactNode;
}) {
  if (target === null) {
    return (
      <span className="btn cursor-not-allowed opacity-40" aria-disabled="true" title={label}>
        {children}
      </span>
    );
  }
  return (
    <Link
      href={target.href}
      prefetch={false}
      rel={rel}
      aria-label={label}
      className="btn"
      onClick={(event) => followHere(event, target)}
    >
      {children}
    </Link>
  );
}
