"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { ApiError } from "@/lib/shared/core/errors";
import { formatCount } from "@/lib/shared/alarms/format";
import type { ViewProblem } from "@/lib/shared/alarms/url-state";

// The list's non-table states: error with retry, rate-limited upstream, nothing found, and the
// notice that says which URL parameters were corrected.

export function ErrorState({
  error,
  onRetry,
  retrying,
  title = "Could not load alarms",
}: {
  error: ApiError;
  onRetry: () => void;
  retrying: boolean;
  title?: string;
}) {
  const router = useRouter();
  const signedOut = error.code === "unauthenticated";
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
    >
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-1">{error.message}</p>
      <p className="mt-1 font-mono text-xs text-red-800/80 dark:text-red-200/70">{error.code}</p>
      <div className="mt-3 flex gap-2">
        {signedOut ? (
          <a
            className="btn-primary"
            href="/signin"
            onClick={(event) => {
              // Come back to exactly this view after signing in.
              event.preventDefault();
              const here = `${window.location.pathname}${window.location.search}`;
              router.push(`/signin?${new URLSearchParams({ callbackUrl: here })}`);
            }}
          >
            Sign in again
          </a>
        ) : (
          <button type="button" className="btn-primary" onClick={onRetry} disabled={retrying}>
            {retrying ? "Retrying…" : "Retry"}
          </button>
        )}
      </div>
    </div>
  );
}

/** "USM Anywhere is rate-limiting; retrying in N s", counting down to the scheduled retry. */
export function RateLimitNotice({ delayMs, ours = false }: { delayMs: number; ours?: boolean }) {
  const [retryAt] = useState(() => Date.now() + delayMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  return (
    <div
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {ours ? "Too many requests at once" : "USM Anywhere is rate-limiting"};{" "}
      {seconds > 0 ? `retrying in ${seconds} s` : "retrying now"}.
    </div>
  );
}

export function EmptyState({
  hasFilters,
  onClear,
  children,
}: {
  hasFilters: boolean;
  onClear: () => void;
  /** More to say (say, the nearest known values of a text filter). */
  children?: React.ReactNode;
}) {
  return (
    <div className="panel flex flex-col items-center gap-2 px-4 py-12 text-center">
      <h2 className="text-base font-semibold">No alarms match</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {hasFilters
          ? "No alarm satisfies all the filters. Loosen or clear them."
          : "USM Anywhere holds no alarms right now."}
      </p>
      {children}
      {hasFilters ? (
        <div className="mt-1 flex gap-2">
          <button type="button" className="btn-secondary" onClick={onClear}>
            Clear filters
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** A page number beyond the last page (an old link, a list that shrank): the way back in. */
export function PastTheEnd({
  lastPage,
  total,
  onPage,
}: {
  lastPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <div className="panel flex flex-col items-center gap-2 px-4 py-12 text-center">
      <h2 className="text-base font-semibold">This page is past the last alarm</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        These {formatCount(total)} alarms fill {formatCount(lastPage + 1)}{" "}
        {lastPage === 0 ? "page" : "pages"}.
      </p>
      <div className="mt-1 flex gap-2">
        <button type="button" className="btn-primary" onClick={() => onPage(lastPage)}>
          Go to the last page ({formatCount(lastPage + 1)})
        </button>
        <button type="button" className="btn-secondary" onClick={() => onPage(0)}>
          Go to the first page
        </button>
      </div>
    </div>
  );
}

export function CorrectedNotice({
  problems,
  onDismiss,
}: {
  problems: readonly ViewProblem[];
  onDismiss: () => void;
}) {
  return (
    <ParameterNotice heading="so they were corrected" onDismiss={onDismiss}>
      {problems.map((problem) => (
        <li key={`${problem.param}:${problem.message}`}>
          <span className="font-mono">{problem.param}</span>:{" "}
          {problem.message.replace(new RegExp(`^${problem.param} `), "")}; the default is used
          instead
        </li>
      ))}
    </ParameterNotice>
  );
}

/** "This link had parameters that could not be used, <outcome>:" and their list (`<li>`s). */
export function ParameterNotice({
  heading,
  onDismiss,
  children,
}: {
  heading: string;
  onDismiss: () => void;
  children: React.ReactNode;
}) {
  return (
    <div
      role="status"
      className="flex items-start justify-between gap-3 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <div>
        <p className="font-medium">This link had parameters that could not be used, {heading}:</p>
        <ul className="mt-1 list-disc pl-5 text-xs">{children}</ul>
      </div>
      <button
        type="button"
        className="btn-secondary shrink-0"
        onClick={onDismiss}
        aria-label="Dismiss the notice about corrected parameters"
      >
        Dismiss
      </button>
    </div>
  );
}
