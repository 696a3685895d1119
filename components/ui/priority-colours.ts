import type { PriorityName } from "@/lib/shared/alarms/priority";

// The one colour map of the priority model (lib/shared/alarms/priority.ts): badges, bars, marks
// and tiles all take their colour from here. The colour is never the only cue: the label and the
// number are always written out.

/** A label's badge: background, text and ring, light and dark. */
export const PRIORITY_BADGE: Record<PriorityName, string> = {
  critical:
    "bg-fuchsia-700 text-white ring-fuchsia-800 dark:bg-fuchsia-500/90 dark:text-white dark:ring-fuchsia-300",
  high: "bg-red-600 text-white ring-red-700 dark:bg-red-500/90 dark:ring-red-400",
  medium: "bg-amber-400 text-amber-950 ring-amber-500 dark:bg-amber-400/90 dark:ring-amber-300",
  low: "bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-900/60 dark:text-sky-100 dark:ring-sky-700",
};

/** A label's mark (a dot, a square, a bar): the same hue, solid. "other": labels beyond these. */
export const PRIORITY_MARK: Record<PriorityName | "other", string> = {
  critical: "bg-fuchsia-700 dark:bg-fuchsia-400",
  high: "bg-red-600 dark:bg-red-400",
  medium: "bg-amber-400",
  low: "bg-sky-400 dark:bg-sky-500",
  other: "bg-slate-400 dark:bg-slate-500",
};
