"use client";
// Under every list: what the page shows, rows per page, and the way to the other pages.

import Link from "next/link";
import { formatCount } from "@/lib/shared/alarms/format";
import { PAGE_SIZES, type PageSize } from "@/lib/shared/alarms/query";
import { toZonedInputValue, zoneLabel } from "@/lib/shared/alarms/time-zone";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { useTimeZone } from "@/components/ui/time-zone";
import { type PageLinkTarget, followHere } from "./follow-here";

/** A list that knows its totals: numbered pages. */
export interface NumberedPages {
  page: number;
  totalPages: number;
  totalElements: number;
  /** The total was counted only so far (a search's "10,000 or more"). */
  totalIsLowerBound?: boolean;
  onPage: (page: number) => void;
  /** What is paged, one and many (alarms unless said). */
  noun?: [string, string];
}

/** The numbered pages of an answer whose totals are `totals`, standing on `page`. */
export function numberedPages(
  page: number,
  totals: { totalPages: number; totalElements: number; totalIsLowerBound?: boolean },
  onPage: (page: number) => void,
): NumberedPages {
  const { totalPages, totalElements, totalIsLowerBound } = totals;
  return { page, totalPages, totalElements, totalIsLowerBound, onPage };
}

/** Under `next` rows a page, the page that holds the first alarm on screen (it stays in view). */
export function pageUnderSize(page: number, size: number, next: number): number {
  return Math.floor((page * size) / next);
}

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

export function Pager({
  pages,
  size,
  onSize,
}: {
  pages: NumberedPages | CursorPages;
  size: PageSize;
  onSize: (size: PageSize) => void;
}) {
  const numbered = "totalPages" in pages;
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs text-slate-700 dark:text-slate-300"
    >
      {numbered ? <PageRange pages={pages} size={size} /> : <ShownSpan alarms={pages.alarms} />}
      <div className="flex flex-wrap items-center gap-3">
        <RowsPerPage size={size} onSize={onSize} />
        {numbered ? <PageButtons pages={pages} /> : <CursorLinks pages={pages} />}
      </div>
    </nav>
  );
}

function PageRange({ pages, size }: { pages: NumberedPages; size: PageSize }) {
  const { page, totalElements } = pages;
  const [one, many] = pages.noun ?? ["alarm", "alarms"];
  const first = totalElements === 0 ? 0 : Math.min(page * size + 1, totalElements);
  const last = Math.min((page + 1) * size, totalElements);
  return (
    <p>
      {first > 0 && first <= last ? (
        <>
          <span className="font-medium tabular-nums">
            {formatCount(first)}–{formatCount(last)}
          </span>{" "}
          of{" "}
        </>
      ) : null}
      <span className="font-semibold tabular-nums">{formatCount(totalElements)}</span>{" "}
      {pages.totalIsLowerBound ? `or more ${many}` : totalElements === 1 ? one : many}
    </p>
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

/** First / previous / next / last and "Page X of Y". */
function PageButtons({ pages }: { pages: NumberedPages }) {
  const { page, totalPages, onPage } = pages;
  const lastPage = Math.max(0, totalPages - 1);
  const button = (label: string, to: number, disabled: boolean, children: React.ReactNode) => (
    <button
      type="button"
      className="btn"
      onClick={() => onPage(to)}
      disabled={disabled}
      aria-label={label}
    >
      {children}
    </button>
  );
  return (
    <>
      <span className="tabular-nums" aria-live="polite">
        Page {formatCount(page + 1)} of {formatCount(Math.max(1, totalPages))}
      </span>
      <div className="flex items-center gap-1">
        {button(
          "First page",
          0,
          page === 0,
          <>
            «<span className="sr-only sm:not-sr-only">First</span>
          </>,
        )}
        {button(
          "Previous page",
          Math.max(0, Math.min(page - 1, lastPage)),
          page === 0,
          <>
            ‹<span className="sr-only sm:not-sr-only">Previous</span>
          </>,
        )}
        {button(
          "Next page",
          page + 1,
          page >= lastPage,
          <>
            <span className="sr-only sm:not-sr-only">Next</span>›
          </>,
        )}
        {button(
          "Last page",
          lastPage,
          page >= lastPage,
          <>
            <span className="sr-only sm:not-sr-only">Last</span>»
          </>,
        )}
      </div>
    </>
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

/** The page size control. */
function RowsPerPage({ size, onSize }: { size: PageSize; onSize: (size: PageSize) => void }) {
  return (
    <label className="flex items-center gap-1.5">
      <span>Rows per page</span>
      <select
        className="control"
        value={size}
        onChange={(event) => onSize(Number(event.target.value) as PageSize)}
      >
        {PAGE_SIZES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}
