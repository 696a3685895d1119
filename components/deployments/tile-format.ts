import { PRIORITY_NAME, formatCount } from "@/lib/shared/alarms/format";
import { filteredListHref } from "@/lib/shared/alarms/url-state";

// What a deployment's tile writes and where its numbers lead. Pure, so the words a tile shows
// are tested without rendering it.

export type TileLabel = "high" | "medium" | "low" | "other";

/** A count as written on a tile: a failed read is "unknown", never 0. */
export function countText(count: number | null): string {
  return count === null ? "unknown" : formatCount(count);
}

export function labelName(label: TileLabel): string {
  return label === "other" ? "Other" : PRIORITY_NAME[label];
}

/** The deployment's open alarms. */
export function openListHref(deployment: string): string {
  return filteredListHref(deployment, { status: "open" });
}

/** The deployment's open alarms of one priority; "other" has no list (the API cannot ask). */
export function priorityListHref(deployment: string, label: TileLabel): string | null {
  if (label === "other") return null;
  return filteredListHref(deployment, { status: "open", priority_label: label });
}

const rateFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** "12.3 of 85 calls/s": the reads sent lately against what the deployment allows. */
export function budgetText(budget: {
  recentPerSecond: number;
  sustainedPerSecond: number;
}): string {
  return `${rateFormat.format(budget.recentPerSecond)} of ${rateFormat.format(budget.sustainedPerSecond)} calls/s`;
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
