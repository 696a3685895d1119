// The one priority model: the labels in the order they are shown everywhere (badges, counts,
// charts, tiles, notifications), highest first. Labels are an open set upstream: newer
// deployments label priorities 91-100 "critical", which the published enum lacks, and a
// deployment may send others; those count as "other". Browser-safe.

export const PRIORITY_ORDER = ["critical", "high", "medium", "low"] as const;
export type PriorityName = (typeof PRIORITY_ORDER)[number];

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
