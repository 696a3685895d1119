"use client";
// Where the verdict's USM label stands, on the alarm's triage panel: waiting to be written (and
// why it waits, when an attempt failed: "USM did not answer (timeout); retrying in 2 min"),
// written, or failed for good with why, and a Retry once the cause is fixed (POST
// …/triage/label/retry). Nothing while no label is asked of USM. Live: each outcome's notice
// makes the panel read the alarm's triage again.

import type { LabelStatus } from "@/lib/shared/triage/types";
import { ActionButton } from "./action-button";
import type { WriteTriage } from "./use-triage-write";

const TONE = {
  pending: "text-amber-700 dark:text-amber-400",
  written: "text-emerald-700 dark:text-emerald-400",
  failed: "text-red-700 dark:text-red-400",
} as const;

/** The label's state in words: "Label pending", "Label written to USM", "Label failed: why". */
export function labelStateText(label: LabelStatus): string | null {
  switch (label.state) {
    case "none":
      return null;
    case "pending":
      return "Label pending";
    case "written":
      return "Label written to USM";
    case "failed":
      return `Label failed: ${label.message ?? "USM did not take it"}`;
  }
}

/** The panel's write, to offer Retry on a failed label; absent: no Retry (a read-only view). */
export interface LabelRetry {
  write: WriteTriage;
  busy: boolean;
}

export function LabelState({ label, retry }: { label: LabelStatus; retry?: LabelRetry }) {
  const text = labelStateText(label);
  if (text === null || label.state === "none") return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-sm">
      <p role="status" data-label-state={label.state}>
        <span className={`font-medium ${TONE[label.state]}`}>{text}</span>
        {label.state === "pending" && label.message ? (
          <span className="text-slate-600 dark:text-slate-400"> · {label.message}</span>
        ) : null}
      </p>
      {label.state === "failed" && retry ? (
        <ActionButton
          disabled={retry.busy}
          onClick={() => retry.write({ part: "/label/retry", method: "POST" })}
        >
          Retry
        </ActionButton>
      ) : null}
    </div>
  );
}
