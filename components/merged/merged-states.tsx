"use client";

import { ParameterNotice } from "@/components/alarms/list-states";
import Link from "next/link";
import type { MergedQueuePage } from "@/lib/shared/alarms/merged-types";
import type { MergedProblem } from "@/lib/shared/alarms/merged-url";
import type { ApiError } from "@/lib/shared/core/errors";
import { ErrorState } from "@/components/alarms/list-states";

// What the merged queue says besides its rows: a deployment that did not answer, an answer the
// API refused (a cursor it cannot read), and nothing to show.

/** One line per deployment that failed: its alarms are missing from this page, not gone. */
export function FailureBanners({
  failures,
  nameOf,
  onRetry,
  retrying,
}: {
  failures: MergedQueuePage["failures"];
  nameOf: (key: string) => string;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (failures.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {failures.map((failure) => (
        <div
          key={failure.deployment}
          role="alert"
          data-failed-deployment={failure.deployment}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p>
            <span className="font-semibold">{nameOf(failure.deployment)}</span>: {failure.message}{" "}
            <span className="text-amber-900/80 dark:text-amber-100/80">
              Its alarms are missing from this page; the others are shown.
            </span>
          </p>
          <button type="button" className="btn-secondary" onClick={onRetry} disabled={retrying}>
            {retrying ? "Retrying…" : "Retry"}
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * The API refused the page. A request it cannot serve as asked (a cursor from an old or mangled
 * link, above all) is not worth a retry: the way out is the newest alarms of the same view.
 */
export function MergedError({
  error,
  newestHref,
  onRetry,
  retrying,
}: {
  error: ApiError;
  newestHref: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (error.code !== "invalid_request") {
    return (
      <div className="flex flex-col gap-2">
        <ErrorState error={error} onRetry={onRetry} retrying={retrying} />
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Or{" "}
          <Link href={newestHref} className="text-blue-800 underline dark:text-blue-300">
            start from the newest alarms
          </Link>
          .
        </p>
      </div>
    );
  }
  const cursor = error.param === "cursor";
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
    >
      <h2 className="font-semibold">
        {cursor ? "This place in the queue cannot be found" : "These alarms cannot be shown"}
      </h2>
      <p className="mt-1">{error.message}</p>
      <p className="mt-1 font-mono text-xs text-red-800/80 dark:text-red-200/70">
        {error.code}
        {error.param ? ` · ${error.param}` : ""}
      </p>
      <div className="mt-3 flex gap-2">
        <Link href={newestHref} className="btn-primary">
          Start from the newest
        </Link>
      </div>
    </div>
  );
}

/** Nothing on this page: nothing matches, or nothing lies beyond the cursor. */
export function MergedEmpty({
  hasFilters,
  atNewest,
  anyFailed,
  clearHref,
  newestHref,
}: {
  hasFilters: boolean;
  atNewest: boolean;
  anyFailed: boolean;
  clearHref: string;
  newestHref: string;
}) {
  return (
    <div className="panel flex flex-col items-center gap-2 px-4 py-12 text-center">
      <h2 className="text-base font-semibold">
        {atNewest ? "No alarms match" : "No more alarms this way"}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {anyFailed
          ? "None of the deployments that answered holds a matching alarm here; the ones that failed may."
          : !atNewest
            ? "Nothing lies beyond this point of the queue any more."
            : hasFilters
              ? "No alarm of these deployments satisfies all the filters. Loosen or clear them."
              : "These deployments hold no alarms right now."}
      </p>
      <div className="mt-1 flex gap-2">
        {!atNewest ? (
          <Link href={newestHref} className="btn-primary">
            Start from the newest
          </Link>
        ) : null}
        {hasFilters ? (
          <Link href={clearHref} className="btn-secondary">
            Clear filters
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** The link had parameters that could not be used: say which, once. */
export function MergedNotice({
  problems,
  onDismiss,
}: {
  problems: readonly MergedProblem[];
  onDismiss: () => void;
}) {
  return (
    <ParameterNotice heading="so they were left out" onDismiss={onDismiss}>
      {problems.map((problem) => (
        <li key={`${problem.param}:${problem.message}`}>{problem.message}</li>
      ))}
    </ParameterNotice>
  );
}
