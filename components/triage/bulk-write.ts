// A bulk triage write as the bar sends it: the action, what the server answers (a view's count, or
// what it did), and that answer in words.

import { formatCount } from "@/lib/shared/alarms/format";
import { api } from "@/lib/shared/alarms/paths";
import { getJson, sendJson } from "@/lib/shared/queries/http";
import type { BulkAnswer } from "@/lib/shared/triage/bulk";
import type { Verdict } from "@/lib/shared/triage/types";

export type BulkAction =
  | { type: "owner"; owner: string | null }
  | { type: "acknowledged"; acknowledged: boolean }
  | { type: "note"; text: string }
  | { type: "close"; verdict: Verdict; reason: string }
  | { type: "reopen" };

export type { BulkAnswer };

/** An action waiting for the analyst's confirmation. */
export interface PendingBulk {
  action: BulkAction;
  label: string;
  /** Rows chosen, or the whole view (counted, frozen). */
  target: { alarms: string[] } | { counted: BulkAnswer };
}

/** A bulk write (or a view's count): what the server did, or our ApiError. */
export function postBulk(deployment: string, body: object): Promise<BulkAnswer> {
  return sendJson<BulkAnswer>("POST", api.triageSummaries(deployment, ""), { body });
}

export function reportOf(answer: BulkAnswer): string {
  const parts = [`${formatCount(answer.done ?? 0)} done`];
  if (answer.unchanged) parts.push(`${formatCount(answer.unchanged)} already so`);
  const owned = answer.skipped?.owned_by_another;
  if (owned) {
    parts.push(
      `${formatCount(owned)} skipped: ${owned === 1 ? "a teammate has it" : "teammates have them"}`,
    );
  }
  const closed = answer.skipped?.closed_by_another;
  if (closed) {
    parts.push(
      `${formatCount(closed)} skipped: ${closed === 1 ? "a teammate's verdict stands" : "teammates' verdicts stand"}`,
    );
  }
  const failed = answer.skipped?.failed;
  if (failed) parts.push(`${formatCount(failed)} failed (a full alarm, say): try them again`);
  const notIndexed = answer.skipped?.not_indexed;
  if (notIndexed) parts.push(`${formatCount(notIndexed)} skipped: not indexed yet`);
  return parts.join(" · ");
}

/**
 * How many alarms the view holds now, as its list counts them; null when it does not say (a
 * count that is only a lower bound, or a list without one).
 */
export async function viewTotal(deployment: string, view: string): Promise<number | null> {
  const list = await getJson<{ page?: { totalElements: number; totalIsLowerBound?: boolean } }>(
    api.list(deployment, `?${view}`),
  );
  return list.page && !list.page.totalIsLowerBound ? list.page.totalElements : null;
}
