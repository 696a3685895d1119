// Where the verdict's USM label stands, on the alarm's triage panel: waiting to be written (and
// why it waits, when an attempt failed: "USM did not answer (timeout); retrying in 2 min"),
// written, or failed for good with why. Nothing while no label is asked of USM. Live: each
// outcome's notice makes the panel read the alarm's triage again.

import type { LabelStatus } from "@/lib/shared/triage/types";

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

export function LabelState({ label }: { label: LabelStatus }) {
  const text = labelStateText(label);
  if (text === null || label.state === "none") return null;
  return (
    <p className="text-sm" role="status" data-label-state={label.state}>
      <span className={`font-medium ${TONE[label.state]}`}>{text}</span>
      {label.state === "pending" && label.message ? (
        <span className="text-slate-600 dark:text-slate-400"> · {label.message}</span>
      ) : null}
    </p>
  );
}
