"use client";

import { formatCount } from "@/lib/shared/alarms/format";
import { PAGE_SIZES, type PageSize } from "@/lib/shared/alarms/query";

/** First / previous / next / last, "Page X of Y", the total and the page size. */
export function Pagination({
  page,
  size,
  totalPages,
  totalElements,
  onPage,
  onSize,
}: {
  page: number;
  size: PageSize;
  totalPages: number;
  totalElements: number;
  onPage: (page: number) => void;
  onSize: (size: PageSize) => void;
}) {
  const lastPage = Math.max(0, totalPages - 1);
  const first = totalElements === 0 ? 0 : Math.min(page * size + 1, totalElements);
  const last = Math.min((page + 1) * size, totalElements);
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs text-slate-700 dark:text-slate-300"
    >
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
        {totalElements === 1 ? "alarm" : "alarms"}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <RowsPerPage size={size} onSize={onSize} />
        <span className="tabular-nums" aria-live="polite">
          Page {formatCount(page + 1)} of {formatCount(Math.max(1, totalPages))}
        </span>
        <div className="flex items-center gap-1">
          <button
            type="button"
            className="btn"
            onClick={() => onPage(0)}
            disabled={page === 0}
            aria-label="First page"
          >
            «<span className="sr-only sm:not-sr-only">First</span>
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => onPage(Math.max(0, Math.min(page - 1, lastPage)))}
            disabled={page === 0}
            aria-label="Previous page"
          >
            ‹<span className="sr-only sm:not-sr-only">Previous</span>
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => onPage(page + 1)}
            disabled={page >= lastPage}
            aria-label="Next page"
          >
            <span className="sr-only sm:not-sr-only">Next</span>›
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => onPage(lastPage)}
            disabled={page >= lastPage}
            aria-label="Last page"
          >
            <span className="sr-only sm:not-sr-only">Last</span>»
          </button>
        </div>
      </div>
    </nav>
  );
}

/** The page size control, for the list's pager and the merged queue's. */
export function RowsPerPage({
  size,
  onSize,
}: {
  size: PageSize;
  onSize: (size: PageSize) => void;
}) {
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
