"use client";
// What a list says above its rows: corrected link parameters, and deployments that failed.

import { useHydrated } from "@/components/use-hydrated";
import { RetryButton } from "./retry-button";

export interface LinkProblem {
  param: string;
  message: string;
  /** A parameter the page does not take: left out rather than defaulted. */
  unknown?: true;
}

/** A problem's message without the parameter's name it starts with (the notice names it). */
function issueOf({ param, message }: LinkProblem): string {
  const rest = message.startsWith(param) ? message.slice(param.length) : message;
  return rest.replace(/^:?\s+/, "");
}

/** The link had parameters that could not be used: say which, once, until dismissed. */
export function CorrectedNotice({
  problems,
  onDismiss,
}: {
  problems: readonly LinkProblem[];
  onDismiss: () => void;
}) {
  // Shown in the server's HTML, its code may still be on its way: until then a press would be
  // lost, so it says it cannot be used (components/lazy.tsx).
  const waiting = !useHydrated() || undefined;
  return (
    <div
      role="status"
      className="flex items-start justify-between gap-3 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <div>
        <p className="font-medium">
          This link had parameters that could not be used, so they were corrected:
        </p>
        <ul className="mt-1 list-disc pl-5 text-xs">
          {problems.map((problem) => (
            <li key={`${problem.param}:${problem.message}`}>
              <span className="font-mono">{problem.param}</span>: {issueOf(problem)}
              {problem.unknown ? null : "; the default is used instead"}
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className="btn-secondary shrink-0"
        onClick={onDismiss}
        aria-disabled={waiting}
        aria-label="Dismiss the notice about corrected parameters"
      >
        Dismiss
      </button>
    </div>
  );
}

/** One line per deployment that failed: its alarms are missing from this page, not gone. */
export function FailureBanners({
  failures,
  nameOf,
  onRetry,
  retrying,
}: {
  failures: readonly { deployment: string; message: string }[];
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
          <RetryButton onRetry={onRetry} retrying={retrying} />
        </div>
      ))}
    </div>
  );
}
