import { formatCount } from "@/lib/shared/alarms/format";
import {
  PRIORITY_TITLE,
  type PriorityName,
  isFilterablePriority,
} from "@/lib/shared/alarms/priority";
import { filteredListHref } from "@/lib/shared/alarms/url-state";

// What a deployment's tile writes and where its numbers lead. Pure, so the words a tile shows
// are tested without rendering it.

export type TileLabel = PriorityName | "other";

/** A count as written on a tile: a failed read is "unknown", never 0. */
export function countText(count: number | null): string {
  return count === null ? "unknown" : formatCount(count);
}

export function labelName(label: TileLabel): string {
  return label === "other" ? "Other" : PRIORITY_TITLE[label];
}

/** The deployment's open alarms. */
export function openListHref(deployment: string): string {
  return filteredListHref(deployment, { status: "open" });
}

/**
 * The deployment's open alarms of one priority, where the list's filter can ask for it: the
 * upstream's filter takes low, medium and high (critical and other labels have no list).
 */
export function priorityListHref(deployment: string, label: TileLabel): string | null {
  if (!isFilterablePriority(label)) return null;
  return filteredListHref(deployment, { status: "open", priority_label: label });
}

const rateFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** "12.3 of 100 calls/s": the reads this server sent lately against the deployment's limit. */
export function budgetText(budget: { recentPerSecond: number; limitPerSecond: number }): string {
  if (budget.limitPerSecond <= 0) return `${rateFormat.format(budget.recentPerSecond)} calls/s`;
  return `${rateFormat.format(budget.recentPerSecond)} of ${rateFormat.format(budget.limitPerSecond)} calls/s`;
}

/** What the budget line means, said once on hover and to assistive technology. */
export function budgetMeaning(budget: {
  limitPerSecond: number;
  sustainedPerSecond: number;
}): string {
  if (budget.limitPerSecond <= 0) return "Calls this server sent the deployment a second, lately.";
  return `Calls this server sent the deployment a second lately, of the ${rateFormat.format(budget.limitPerSecond)} a second it allows. The console keeps all its servers together under ${rateFormat.format(budget.sustainedPerSecond)}, a margin below the limit.`;
}

export type TokenHealth = "valid" | "expired" | "none";

/** Whether this replica holds a token requests still use, one past its use, or none yet. */
export function tokenHealth(token: { valid: boolean; expiresAt: number | null }): TokenHealth {
  if (token.valid) return "valid";
  return token.expiresAt === null ? "none" : "expired";
}

export const TOKEN_TEXT: Record<TokenHealth, string> = {
  valid: "Valid",
  expired: "Expired",
  none: "None held",
};
