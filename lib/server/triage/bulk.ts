import "server-only";
import type { Kysely } from "kysely";
import { ApiError } from "@/lib/shared/core/errors";
import type { Database } from "@/lib/server/db";
import type { ExportView } from "@/lib/server/search/export-read";
import type { AlarmRef } from "./alarm-row";
import { recordAnalyst } from "./analysts";
import { apply, oneAtATime, tell, type Outcome } from "./bulk-apply";
import type { BulkAction, BulkScope } from "./bulk-input";
import { confirmView, countView, indexed, viewAlarms } from "./bulk-view";
import { actorOf, takeWrite, withDb, type TriageContext } from "./pipeline";
import { labelWorkerWake } from "./label-worker";
import { indexHolds } from "./read";
import type { BulkAnswer } from "@/lib/shared/triage/bulk";

// One triage action on many alarms, for the list's bulk bar and for automation: the rows chosen,
// or every alarm of the exact view (its filters, search and deployments, its range frozen when
// the count was shown). A view is acted on in two steps: a dry run answers how many alarms it
// holds and the view with its range frozen; the action then names that frozen view and the count
// confirmed (./bulk-view.ts). Nobody's alarm is taken from them in bulk; what was not done is
// counted by reason. Each alarm's change is in the audit; each deployment's changes are told to
// every replica in a few notices (./bulk-apply.ts).

/** A bulk action as its route read it. */
export interface BulkRequest {
  /** The view named, its range frozen at `now`. */
  view: ExportView;
  /** The frozen view as a query string (what the analyst confirms). */
  frozen: string;
  /** Whether the view named has a rolling range still (it was not counted first). */
  rolling: boolean;
  /** The rows chosen; else every alarm of the view. */
  chosen?: readonly AlarmRef[] | undefined;
  action: BulkAction;
  /** Only count. */
  dryRun?: boolean | undefined;
  /** The count the analyst confirmed (a view). */
  expect?: number | undefined;
  now: number;
}

export type { BulkAnswer };

function compareRefs(a: AlarmRef, b: AlarmRef): number {
  if (a.deployment !== b.deployment) return a.deployment < b.deployment ? -1 : 1;
  return a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0;
}

/**
 * A bulk close as duplicates names another alarm of the route's deployment that the index holds
 * (as a close on the detail must): else 400 naming duplicateOf, before anything is counted or
 * closed. With `alarms`, none of them may be that alarm (it would duplicate itself).
 */
async function checkOriginal(
  db: Kysely<Database>,
  scope: BulkScope,
  action: BulkAction,
  alarms?: readonly AlarmRef[],
): Promise<void> {
  const uuid = action.type === "close" ? action.closing.duplicateOf : null;
  if (uuid === null) return;
  const refuse = (message: string) =>
    new ApiError("invalid_request", message, { param: "duplicateOf" });
  if (!scope.deployment) throw refuse("Close duplicates on their deployment's list.");
  const original = { deployment: scope.deployment.key, uuid };
  if (!alarms) {
    if (await indexHolds(db, original)) return;
    throw refuse(`There is no alarm ${uuid} on this deployment to duplicate.`);
  }
  if (alarms.some((alarm) => alarm.deployment === original.deployment && alarm.uuid === uuid)) {
    throw refuse(`Alarm ${uuid} is among those to close: an alarm cannot duplicate itself.`);
  }
}

const countOf = (outcomes: readonly Outcome[], outcome: Outcome) =>
  outcomes.filter((each) => each === outcome).length;

export async function runBulkTriage(
  scope: BulkScope,
  asked: BulkRequest,
  context: TriageContext = {},
): Promise<BulkAnswer> {
  const { now, frozen } = asked;
  // Counting a view costs a write of the analyst's share too (it reads the whole view).
  await takeWrite(scope.analyst, context);
  return withDb(context, async (db) => {
    let alarms: AlarmRef[];
    let count: number;
    let notIndexed = 0;
    let missing: string[] = [];
    await checkOriginal(db, scope, asked.action);
    if (asked.chosen) {
      alarms = await indexed(db, asked.chosen);
      count = asked.chosen.length;
      notIndexed = count - alarms.length;
      if (asked.dryRun) return { count, view: frozen };
    } else {
      ({ count, missing } = await countView(db, asked.view));
      if (asked.dryRun) return { count, view: frozen, ...(missing.length > 0 && { missing }) };
      confirmView(asked, count);
      alarms = await viewAlarms(db, asked.view, count);
    }
    // In one order, so two bulk actions on overlapping alarms lock their rows in the same order
    // (a batch holds its alarms' rows until it commits: in any order, PostgreSQL could deadlock).
    alarms.sort(compareRefs);
    await checkOriginal(db, scope, asked.action, alarms);
    const actor = actorOf(scope.analyst);
    const release = await oneAtATime(scope.analyst, context);
    const outcomes: Outcome[] = [];
    try {
      await recordAnalyst(db, scope.analyst, now);
      await apply(db, alarms, scope, actor, asked.action, now, outcomes);
    } finally {
      // What was done is told, even when an alarm failed midway.
      const done = alarms.filter((_, i) => outcomes[i] === "done");
      await tell(context, actor, asked.action, done, now);
      if (done.length > 0) labelWorkerWake(); // a close or reopen may have queued labels
      await release();
    }
    const skipped = {
      ...(countOf(outcomes, "owned_by_another") > 0 && {
        owned_by_another: countOf(outcomes, "owned_by_another"),
      }),
      ...(countOf(outcomes, "closed_by_another") > 0 && {
        closed_by_another: countOf(outcomes, "closed_by_another"),
      }),
      ...(outcomes.includes("failed") && { failed: countOf(outcomes, "failed") }),
      ...(notIndexed > 0 && { not_indexed: notIndexed }),
    };
    return {
      count,
      view: frozen,
      ...(missing.length > 0 && { missing }),
      done: countOf(outcomes, "done"),
      unchanged: countOf(outcomes, "unchanged"),
      skipped,
    };
  });
}
