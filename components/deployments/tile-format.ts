import { formatCount } from "@/lib/shared/alarms/format";
import {
  PRIORITY_TITLE,
  type PriorityName,
  isFilterablePriority,
} from "@/lib/shared/alarms/priority";
import { filteredListHref } from "@/lib/shared/alarms/view-links";
import type { IndexStatus } from "@/lib/shared/deployments/index-status";

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
  return filteredListHref(deployment, { status: ["open"] });
}

/**
 * The deployment's open alarms of one priority, where the list's filter can ask for it: the
 * upstream's filter takes low, medium and high (critical and other labels have no list).
 */
export function priorityListHref(deployment: string, label: TileLabel): string | null {
  if (!isFilterablePriority(label)) return null;
  return filteredListHref(deployment, { status: ["open"], priority_label: [label] });
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

/** A span as a tile writes it, short: "12 s", "5 min", "3 h", "4 d". */
export function spanText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3_600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 48 * 3_600) return `${Math.round(seconds / 3_600)} h`;
  return `${Math.round(seconds / 86_400)} d`;
}

export type IndexTone = "ok" | "busy" | "warn" | "bad" | "muted";

export interface IndexLine {
  /** The state, and how far, since when or why. */
  text: string;
  tone: IndexTone;
  /** While backfilling with an estimate: the part done, 0..1. */
  progress: number | null;
}

const INDEX_LABEL: Record<IndexStatus["state"], string> = {
  off: "Off",
  unavailable: "Unavailable",
  starting: "Starting",
  backfilling: "Indexing",
  following: "Indexed",
  behind: "Behind",
  failed: "Failed",
};

const INDEX_TONE: Record<IndexStatus["state"], IndexTone> = {
  off: "muted",
  unavailable: "bad",
  starting: "busy",
  backfilling: "busy",
  following: "ok",
  behind: "warn",
  failed: "bad",
};

/** "indexed up to 12 s ago", or null when nothing is indexed yet. */
function syncedText(syncedAt: number | null, now: number): string | null {
  return syncedAt === null ? null : `indexed up to ${spanText(now - syncedAt)} ago`;
}

/** "Label: detail", or the label alone. */
const said = (label: string, ...details: (string | null)[]) => {
  const detail = details.filter(Boolean).join("; ");
  return detail ? `${label}: ${detail}` : label;
};

/** What a tile says of a deployment's index: never silent, a failure with its reason. */
export function indexLine(index: IndexStatus, now: number): IndexLine {
  const label = INDEX_LABEL[index.state];
  const line = { tone: INDEX_TONE[index.state], progress: null };
  const { backfill } = index;
  switch (index.state) {
    case "backfilling": {
      if (!backfill) return { ...line, text: label };
      const { indexed, estimate, remainingMs } = backfill;
      const of = estimate === null ? " so far" : ` of about ${formatCount(estimate)}`;
      const left = remainingMs === null ? "" : `, about ${spanText(remainingMs)} left`;
      return {
        ...line,
        text: said(label, `${formatCount(indexed)}${of}${left}`),
        progress: estimate ? Math.min(1, indexed / estimate) : null,
      };
    }
    case "following": {
      const synced = syncedText(index.syncedAt, now);
      return { ...line, text: synced ? `${synced[0]!.toUpperCase()}${synced.slice(1)}` : label };
    }
    case "behind":
      return { ...line, text: said(label, syncedText(index.syncedAt, now), index.reason) };
    default:
      return { ...line, text: said(label, index.reason) };
  }
}
