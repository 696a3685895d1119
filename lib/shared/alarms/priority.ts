// The one priority model: the labels in the order they are shown everywhere (badges, counts,
// charts, tiles, notifications), highest first. Labels are an open set upstream: newer
// deployments label priorities 91-100 "critical", which the published enum lacks, and a
// deployment may send others; those count as "other". Browser-safe.

/** The labels the upstream's filter takes (its published enum). */
export const PRIORITY_LABELS = ["low", "medium", "high"] as const;
export type PriorityLabel = (typeof PRIORITY_LABELS)[number];

export const PRIORITY_ORDER = ["critical", "high", "medium", "low"] as const;
export type PriorityName = (typeof PRIORITY_ORDER)[number];

/**
 * The labels the list's filter can ask for (the upstream's filter takes the published ones),
 * in the model's order. Critical is counted by name where a deployment knows it, but has no list.
 */
export const FILTERABLE_PRIORITIES = PRIORITY_ORDER.filter(
  (label): label is PriorityLabel => label !== "critical",
);

/** Whether the list's filter can ask for `label`. */
export function isFilterablePriority(label: string): label is PriorityLabel {
  return (FILTERABLE_PRIORITIES as readonly string[]).includes(label);
}

/** Why critical is shown but leads to no list, said once for every place that shows it. */
export const CRITICAL_UNFILTERABLE =
  "priorities 91 to 100, on newer deployments: the list's filter cannot ask for it";

/** How each label is written. */
export const PRIORITY_TITLE: Record<PriorityName, string> = {
  critical: "Critical",
  high: "High",
  medium: "Medium",
  low: "Low",
};

/** A label as sent (any case, stray spaces) as one of ours, or null for an unknown one. */
export function priorityName(label: string | null | undefined): PriorityName | null {
  const value = label?.trim().toLowerCase();
  return (PRIORITY_ORDER as readonly string[]).includes(value ?? "")
    ? (value as PriorityName)
    : null;
}

/** Whether a label is high or above: what "Notify high" announces. */
export function isHighOrAbove(label: PriorityName | null): boolean {
  return label === "critical" || label === "high";
}
