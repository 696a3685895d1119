"use client";
// What a list shows instead of rows when its search cannot be answered: the search cannot be
// read (or took too long), or the index cannot answer here at all. Both offer the way out.

import type { ApiError } from "@/lib/shared/core/errors";

const ALERT =
  "rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100";

export function SearchErrorPanel({
  error,
  onClear,
  onRetry,
  retrying,
}: {
  error: ApiError;
  onClear: () => void;
  onRetry: () => void;
  retrying: boolean;
}) {
  const unavailable = error.code === "index_unavailable";
  return (
    <div role="alert" className={ALERT}>
      <h2 className="font-semibold">
        {unavailable ? "Search is unavailable right now" : "This search cannot be run"}
      </h2>
      <p className="mt-1">{error.message}</p>
      <p className="mt-1">
        {unavailable
          ? "The list without a search still works: it reads the deployment itself."
          : "Edit it in the search box above, or clear it to see the list."}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={onClear}>
          Clear the search
        </button>
        {unavailable ? (
          <button type="button" className="btn-secondary" onClick={onRetry} disabled={retrying}>
            {retrying ? "Retrying…" : "Retry"}
          </button>
        ) : null}
      </div>
    </div>
  );
}
