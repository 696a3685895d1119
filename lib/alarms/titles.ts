import type { AlarmDetail } from "./types";

// Tab titles, so a row of tabs can be told apart. Client-safe.

const PRIORITY = { high: "High", medium: "Medium", low: "Low" } as const;

/** "High · Brute Force Authentication / Windows RDP" */
export function alarmTitle(alarm: Pick<AlarmDetail, "priorityLabel" | "rule">): string {
  const rule = [alarm.rule.strategy ?? alarm.rule.id ?? "Unnamed rule", alarm.rule.method]
    .filter(Boolean)
    .join(" / ");
  return alarm.priorityLabel ? `${PRIORITY[alarm.priorityLabel]} · ${rule}` : rule;
}
