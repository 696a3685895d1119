"use client";
// Under every list: what the page shows, rows per page, and the way to the other pages (the
// numbered ones here; a queue paged by time adds its links in cursor-pager.tsx).

import { formatCount } from "@/lib/shared/alarms/format";
import { PAGE_SIZES, type PageSize } from "@/lib/shared/alarms/query";

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
 * Under every list: what the page shows (`range`), rows per page, and the way to the other pages
 * (`controls`). The numbered pages are the Pager; a queue paged by time has its own (cursor-pager).
 */
export function PagerFrame({
  range,
  controls,
  size,
  onSize,
}: {
  range: React.ReactNode;
  controls: React.ReactNode;
  size: PageSize;
  onSize: (size: PageSize) => void;
}) {
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs text-slate-700 dark:text-slate-300"
    >
      {range}
      <div className="flex flex-wrap items-center gap-3">
        <RowsPerPage size={size} onSize={onSize} />
        {controls}
      </div>
    </nav>
  );
}

/** A pager's props: its pages, and the rows per page. */
export interface PagerProps<P> {
  pages: P;
  size: PageSize;
  onSize: (size: PageSize) => void;
}

/** The pager of a list that knows its totals. */
export function Pager({ pages, size, onSize }: PagerProps<NumberedPages>) {
  return (
    <PagerFrame
      range={<PageRange pages={pages} size={size} />}
      controls={<PageButtons pages={pages} />}
      size={size}
      onSize={onSize}
    />
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
