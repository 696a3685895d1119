import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { ApiError } from "@/lib/shared/core/errors";
import type { TriageAction } from "@/lib/shared/triage/types";
import type { Analyst } from "@/lib/server/auth/session";
import type { Database } from "@/lib/server/db";
import { asIndexUnavailable } from "@/lib/server/db/errors";
import { withIndexTurn } from "@/lib/server/search/read-index";
import type { Actor, AlarmRef } from "./alarm-row";
import { analystByHandle, knownMayAccess, type KnownAnalyst } from "./analysts";
import type { BulkAction, BulkScope } from "./bulk-input";
import { publishTriageNotice } from "./notices";
import { storeOf, type TriageContext } from "./pipeline";
import { addNote, bulkOwner, setAcknowledged, type BulkOutcome } from "./triage";
import { bulkVerdict } from "./verdicts";

// A bulk action's writes: in batches of alarms, each batch one transaction in a turn at the index
// (so other analysts' work runs between them), each alarm written as it would be alone (its row
// locked, its audit row); one bulk action of an analyst's at a time on every replica; what was
// done told to every replica in a notice per deployment.

/** How long a bulk action may hold the analyst's turn, should its replica die midway. */
const BULK_LEASE_MS = 10 * 60_000;
/** Alarms written in one transaction of a bulk action. */
const WRITE_BATCH = 100;
/** How long a bulk action's batch may wait for its turn at the index (the lease's time). */
const BULK_TURN_WAIT_MS = 10 * 60_000;

const ACTION_OF: Record<BulkAction["type"], TriageAction> = {
  owner: "owner",
  acknowledged: "acknowledged",
  note: "note_added",
  close: "closed",
  reopen: "reopened",
};

/** What the action did to one alarm; "failed": refused for that alarm (a full alarm's note). */
export type Outcome = BulkOutcome | "failed";

/** The teammate an owner action names, who must be able to see every deployment of `alarms`. */
async function ownerOf(
  db: Kysely<Database>,
  alarms: readonly AlarmRef[],
  scope: BulkScope,
  wanted: BulkAction,
): Promise<KnownAnalyst | null> {
  if (wanted.type !== "owner" || wanted.owner === null) return null;
  const found = await analystByHandle(db, wanted.owner);
  const rules = new Set(alarms.map((alarm) => alarm.deployment));
  const everywhere = [...rules].every((key) => {
    const deployment = scope.visible.find((visible) => visible.key === key);
    return deployment !== undefined && found !== null && knownMayAccess(deployment.config, found);
  });
  if (!found || !everywhere) {
    throw new ApiError(
      "invalid_request",
      `No teammate named "${wanted.owner}" may see every deployment of these alarms.`,
      { param: "action.owner" },
    );
  }
  return found;
}

/** Applies `wanted` to `alarms` in order, pushing each one's outcome as its batch commits. */
export async function apply(
  db: Kysely<Database>,
  alarms: readonly AlarmRef[],
  scope: BulkScope,
  actor: Actor,
  wanted: BulkAction,
  now: number,
  outcomes: Outcome[],
): Promise<void> {
  const owner = await ownerOf(db, alarms, scope, wanted);
  const labelsOf = (alarm: AlarmRef) =>
    scope.visible.find((deployment) => deployment.key === alarm.deployment)?.config.labels ?? {};
  const once = async (tx: Kysely<Database>, alarm: AlarmRef): Promise<BulkOutcome> => {
    switch (wanted.type) {
      case "owner":
        return bulkOwner(tx, alarm, actor, owner, now);
      case "acknowledged": {
        const done = await setAcknowledged(tx, alarm, actor, wanted.acknowledged, now);
        return done.changed ? "done" : "unchanged";
      }
      case "note":
        await addNote(tx, alarm, actor, wanted.text, now);
        return "done";
      case "close":
        return bulkVerdict(tx, alarm, actor, wanted.closing, labelsOf(alarm), now);
      case "reopen":
        return bulkVerdict(tx, alarm, actor, null, labelsOf(alarm), now);
    }
  };
  // In batches: each one transaction, in the actor's turn at the index as a search takes one, so
  // other work runs between them (one transaction per alarm waited behind every other analyst's
  // statement on PGlite: 3,104 acknowledgements took over 5 minutes under a flood of searches).
  for (let at = 0; at < alarms.length; at += WRITE_BATCH) {
    const batch = alarms.slice(at, at + WRITE_BATCH);
    // A batch waits for its turn as long as it takes: the action is under way, and stopping it
    // midway would leave it half done (a note added again on a retry).
    const done = await withIndexTurn(
      db,
      () =>
        db.transaction().execute(async (tx) => {
          const batchOutcomes: Outcome[] = [];
          for (const alarm of batch) {
            try {
              batchOutcomes.push(await once(tx, alarm));
            } catch (error) {
              // An alarm whose write was refused (a full alarm's note) is counted; a database
              // failure stops all (its batch is rolled back, and counted as not done).
              if (asIndexUnavailable(error) !== error || !(error instanceof ApiError)) throw error;
              batchOutcomes.push("failed");
            }
          }
          return batchOutcomes;
        }),
      { analyst: actor.id, maxWaitMs: BULK_TURN_WAIT_MS },
    );
    outcomes.push(...done);
  }
}

/** A bulk action at a time per analyst, on every replica: the next waits for this one's end. */
export async function oneAtATime(
  analyst: Analyst,
  context: TriageContext,
): Promise<() => Promise<void>> {
  const store = storeOf(context);
  const key = `triage-bulk:${analyst.id}`;
  const token = randomUUID();
  if (!(await store.setIfAbsent(key, token, BULK_LEASE_MS))) {
    throw new ApiError("rate_limited", "Another bulk action of yours is still under way.", {
      retryAfterSeconds: 5,
    });
  }
  return async () => {
    await store.deleteIfEquals(key, token).catch(() => false);
  };
}

/** Tells every replica what was done: a notice per deployment, naming its alarms. */
export async function tell(
  context: TriageContext,
  actor: Actor,
  wanted: BulkAction,
  done: readonly AlarmRef[],
  now: number,
): Promise<void> {
  const byDeployment = new Map<string, string[]>();
  for (const alarm of done) {
    byDeployment.set(alarm.deployment, [...(byDeployment.get(alarm.deployment) ?? []), alarm.uuid]);
  }
  for (const [deployment, uuids] of byDeployment) {
    await publishTriageNotice(storeOf(context), {
      deployment,
      uuids,
      action: ACTION_OF[wanted.type],
      analyst: actor.handle,
      analystName: actor.name,
      at: now,
      ...(wanted.type === "owner" && {
        owner: wanted.owner === null ? null : wanted.owner.toLowerCase(),
      }),
      ...(wanted.type === "acknowledged" && { acknowledged: wanted.acknowledged }),
      ...(wanted.type === "close" && { verdict: wanted.closing.verdict }),
      ...(wanted.type === "reopen" && { verdict: null }),
    });
  }
}
