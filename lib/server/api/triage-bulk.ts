import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { ApiError } from "@/lib/shared/core/errors";
import { DEPLOYMENTS_KEY } from "@/lib/shared/alarms/merged-url";
import { isAlarmUuid, toSearchParams } from "@/lib/shared/alarms/query";
import type { Analyst } from "@/lib/server/auth/session";
import { withStatementLimit, type Database } from "@/lib/server/db";
import type { Deployment } from "@/lib/server/deployments/registry";
import { freezeQuery, readAllDeploymentsView, readView } from "@/lib/server/export/input";
import { countExport, exportPage, type ExportView } from "@/lib/server/index/export-read";
import { SEARCH_STATEMENT_TIMEOUT_MS, withIndexTurn } from "@/lib/server/index/read-index";
import { readable } from "@/lib/server/index/search-where";
import { indexStatuses } from "@/lib/server/index/sync";
import { indexGaps } from "@/lib/server/index/gaps";
import { sharedStore } from "@/lib/server/store";
import {
  analystByHandle,
  knownMayAccess,
  recordAnalyst,
  type KnownAnalyst,
} from "@/lib/server/triage/analysts";
import { noteInput, TRIAGE_BODY_BYTES, NOTE_BODY_BYTES } from "@/lib/server/triage/input";
import { publishTriageNotice } from "@/lib/server/triage/notices";
import {
  addNote,
  bulkOwner,
  setAcknowledged,
  type AlarmRef,
  type BulkOutcome,
} from "@/lib/server/triage/triage";
import type { TriageAction } from "@/lib/shared/triage/types";
import { readJsonBody } from "./json-body";
import { asIndexUnavailable } from "@/lib/server/db/errors";
import { readSearch } from "./search-routes";
import { actorOf, takeWrite, withDb, type TriageContext } from "./triage-routes";

// POST /api/d/{key}/alarms/triage and /api/d/all/alarms/triage: one triage action on many alarms,
// for the list's bulk bar and for automation. Either the rows chosen (`alarms`), or every alarm
// of the exact view: its filters, search and deployments, its range frozen when the count was
// shown. A view is acted on in two steps: `dryRun` answers how many alarms it holds and the view
// with its range frozen; the action then names that frozen view and the count confirmed, and is
// refused when the view holds another count now (Elastic once closed every open alarm of a rule
// because "select all" ignored the time range: kibana#82004). Nobody's alarm is taken from them
// in bulk; what was not done is counted by reason. Each alarm's change is in the audit; each
// deployment's changes are told to every replica in a few notices.

/** How long a bulk action may hold the analyst's turn, should its replica die midway. */
const BULK_LEASE_MS = 10 * 60_000;
/** Alarms one bulk action reaches at most: a view larger than this is narrowed first. */
export const BULK_MAX = 5_000;
/** Rows chosen one by one, at most (a page of the largest size, with room). */
const CHOSEN_MAX = 500;
const PAGE = 200;
/** Alarms written in one transaction of a bulk action. */
const WRITE_BATCH = 100;
/** How long a bulk action's batch may wait for its turn at the index (the lease's time). */
const BULK_TURN_WAIT_MS = 10 * 60_000;

const handle = z.string().trim().min(1).max(320);
const action = z.discriminatedUnion("type", [
  z.object({ type: z.literal("owner"), owner: handle.nullable() }).strict(),
  z.object({ type: z.literal("acknowledged"), acknowledged: z.boolean() }).strict(),
  z.object({ type: z.literal("note"), text: noteInput.shape.text }).strict(),
]);
const bulkInput = z
  .object({
    /** The list's query string (the queue's with `deployments`). */
    view: z.string().max(8_000),
    /** The rows chosen: uuids on a deployment's list, `<key>:<uuid>` on the queue. */
    alarms: z.array(z.string().max(200)).min(1).max(CHOSEN_MAX).optional(),
    action,
    /** Only count (a view): the count and the frozen view to confirm. */
    dryRun: z.boolean().optional(),
    /** The count the analyst confirmed (a view). */
    expect: z.number().int().nonnegative().optional(),
  })
  .strict();

type BulkAction = z.infer<typeof action>;

export interface BulkAnswer {
  /** Alarms the action was asked for (the view's count, or the rows chosen). */
  count: number;
  /** The view as counted: its range frozen. Send it back with `expect` to act. */
  view: string;
  /** Deployments the index does not hold whole over the view's range (their rest is not here). */
  missing?: string[];
  done?: number;
  unchanged?: number;
  /** What was not done, by reason. */
  skipped?: Partial<Record<"owned_by_another" | "not_indexed" | "failed", number>>;
}

export interface BulkScope {
  analyst: Analyst;
  /** The deployment of the route; null on the queue of every deployment. */
  deployment: Deployment | null;
  /** The deployments the analyst may see. */
  visible: readonly Deployment[];
}

function exportViewOf(raw: string, scope: BulkScope, now: number): ExportView {
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw);
  const keys = scope.visible.map((deployment) => deployment.key);
  const { view, named } = scope.deployment
    ? { view: readView(params), named: [scope.deployment.key] }
    : readAllDeploymentsView(params, keys);
  const search = view.query.q === undefined ? null : readSearch(view.query.q);
  return {
    allowed: keys,
    deployments: named.length > 0 ? named : keys,
    search,
    query: freezeQuery(view.query, now),
  };
}

/** The frozen view as a query string (what the analyst confirms). */
function viewString(view: ExportView, scope: BulkScope): string {
  const params = toSearchParams({ ...view.query, page: 0 });
  if (!scope.deployment) params.set(DEPLOYMENTS_KEY, view.deployments.join(","));
  return params.toString();
}

function chosenAlarms(alarms: readonly string[], scope: BulkScope): AlarmRef[] {
  const keys = new Set(scope.visible.map((deployment) => deployment.key));
  return alarms.map((value) => {
    const at = value.indexOf(":");
    const [deployment, uuid] =
      scope.deployment && at < 0
        ? [scope.deployment.key, value]
        : [value.slice(0, at), value.slice(at + 1)];
    if (!keys.has(deployment) || (scope.deployment && deployment !== scope.deployment.key)) {
      throw new ApiError("not_found", "There is no such deployment.", { param: "alarms" });
    }
    if (!isAlarmUuid(uuid)) {
      throw new ApiError("invalid_request", "Each alarm is named by its uuid.", {
        param: "alarms",
      });
    }
    return { deployment, uuid: uuid.toLowerCase() };
  });
}

/** The chosen alarms the index holds (a row the index has not caught up with is skipped). */
async function indexed(db: Kysely<Database>, alarms: readonly AlarmRef[]): Promise<AlarmRef[]> {
  if (alarms.length === 0) return [];
  const rows = await db
    .selectFrom("alarms")
    .select(["deployment", "uuid"])
    .where((eb) =>
      eb(
        eb.refTuple("deployment", "uuid"),
        "in",
        alarms.map((alarm) => eb.tuple(alarm.deployment, alarm.uuid)),
      ),
    )
    .execute();
  return rows;
}

const ACTION_OF: Record<BulkAction["type"], TriageAction> = {
  owner: "owner",
  acknowledged: "acknowledged",
  note: "note_added",
};

export async function bulkTriage(
  request: NextRequest,
  scope: BulkScope,
  context: TriageContext = {},
): Promise<BulkAnswer> {
  const body = await readJsonBody(request, bulkInput, NOTE_BODY_BYTES + TRIAGE_BODY_BYTES);
  const now = (context.now ?? Date.now)();
  const view = exportViewOf(body.view, scope, now);
  const frozen = viewString(view, scope);
  // Counting a view costs a write of the analyst's share too (it reads the whole view).
  await takeWrite(scope.analyst, context);
  return withDb(context, async (db) => {
    let alarms: AlarmRef[];
    let count: number;
    let notIndexed = 0;
    let missing: string[] = [];
    if (body.alarms) {
      const chosen = chosenAlarms(body.alarms, scope);
      alarms = await indexed(db, chosen);
      count = chosen.length;
      notIndexed = count - alarms.length;
      if (body.dryRun) return { count, view: frozen };
    } else {
      // The view's reads have the limit of an analyst's search (PostgreSQL's own, and PGlite's
      // thread's): a view too costly to count is refused with how to narrow it, never a hang.
      count = await limited(() => countExport(db, view, BULK_MAX));
      const keys = readable(view);
      const gaps = indexGaps(keys, await indexStatuses(keys), boundsOf(view));
      missing = gaps.map((gap) => gap.deployment);
      const answer = { count, view: frozen, ...(missing.length > 0 && { missing }) };
      if (body.dryRun) return answer;
      if (new URLSearchParams(body.view).has("range")) {
        throw new ApiError(
          "invalid_request",
          "Count the view first (dryRun), then confirm the view it answers: its range is frozen.",
          { param: "view" },
        );
      }
      if (body.expect !== count) {
        throw new ApiError(
          "conflict",
          `The view now holds ${count.toLocaleString("en")} alarms, not ${String(body.expect ?? "an unconfirmed count")}: confirm again.`,
          { param: "expect" },
        );
      }
      if (count > BULK_MAX) {
        throw new ApiError(
          "invalid_request",
          `A bulk action reaches at most ${BULK_MAX.toLocaleString("en")} alarms; narrow the view.`,
          { param: "view" },
        );
      }
      // Exactly the alarms counted: one the backfill brought into the frozen range since is not.
      alarms = (await limited(() => viewAlarms(db, view))).slice(0, count);
    }
    // In one order, so two bulk actions on overlapping alarms lock their rows in the same order
    // (a batch holds its alarms' rows until it commits: in any order, PostgreSQL could deadlock).
    alarms.sort((a, b) => compareRefs(a, b));
    const release = await oneAtATime(scope.analyst, context);
    const outcomes: Outcome[] = [];
    try {
      await recordAnalyst(db, scope.analyst, now);
      await apply(db, alarms, scope, body.action, now, outcomes);
    } finally {
      // What was done is told, even when an alarm failed midway.
      const done = alarms.filter((_, i) => outcomes[i] === "done");
      await tell(context, scope.analyst, body.action, done, now);
      await release();
    }
    const done = alarms.filter((_, i) => outcomes[i] === "done");
    const skippedOwned = outcomes.filter((outcome) => outcome === "owned_by_another").length;
    const skipped = {
      ...(skippedOwned > 0 && { owned_by_another: skippedOwned }),
      ...(outcomes.includes("failed") && {
        failed: outcomes.filter((outcome) => outcome === "failed").length,
      }),
      ...(notIndexed > 0 && { not_indexed: notIndexed }),
    };
    return {
      count,
      view: frozen,
      ...(missing.length > 0 && { missing }),
      done: done.length,
      unchanged: outcomes.filter((outcome) => outcome === "unchanged").length,
      skipped,
    };
  });
}

/** `read` with each statement limited as an analyst's search is. */
const limited = <T>(read: () => Promise<T>) =>
  withStatementLimit(SEARCH_STATEMENT_TIMEOUT_MS, read);

function compareRefs(a: AlarmRef, b: AlarmRef): number {
  if (a.deployment !== b.deployment) return a.deployment < b.deployment ? -1 : 1;
  return a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0;
}

function boundsOf(view: ExportView) {
  return {
    gte: view.query.filters.timestamp_occured_gte ?? null,
    lte: view.query.filters.timestamp_occured_lte ?? null,
  };
}

async function viewAlarms(db: Kysely<Database>, view: ExportView): Promise<AlarmRef[]> {
  const alarms: AlarmRef[] = [];
  let after = null;
  for (;;) {
    const page = await exportPage(db, view, after, PAGE);
    for (const alarm of page.alarms) {
      alarms.push({ deployment: alarm.deployment, uuid: alarm.uuid.toLowerCase() });
    }
    if (page.read < PAGE || page.last === null || alarms.length > BULK_MAX) return alarms;
    after = page.last;
  }
}

async function apply(
  db: Kysely<Database>,
  alarms: readonly AlarmRef[],
  scope: BulkScope,
  wanted: BulkAction,
  now: number,
  outcomes: Outcome[],
): Promise<void> {
  const actor = actorOf(scope.analyst);
  let owner: KnownAnalyst | null = null;
  if (wanted.type === "owner" && wanted.owner !== null) {
    const found = await analystByHandle(db, wanted.owner);
    owner = found;
    const rules = new Set(alarms.map((alarm) => alarm.deployment));
    const everywhere = [...rules].every((key) => {
      const deployment = scope.visible.find((visible) => visible.key === key);
      return deployment !== undefined && found !== null && knownMayAccess(deployment.config, found);
    });
    if (!owner || !everywhere) {
      throw new ApiError(
        "invalid_request",
        `No teammate named "${wanted.owner}" may see every deployment of these alarms.`,
        { param: "action.owner" },
      );
    }
  }
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
    }
  };
  // In batches: each one transaction, in a turn at the index as a search takes one, so other
  // work runs between them (one transaction per alarm waited behind every other analyst's
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
      undefined,
      BULK_TURN_WAIT_MS,
    );
    outcomes.push(...done);
  }
}

type Outcome = BulkOutcome | "failed";

/** A bulk action at a time per analyst, on every replica: the next waits for this one's end. */
async function oneAtATime(analyst: Analyst, context: TriageContext): Promise<() => Promise<void>> {
  const store = context.store ?? sharedStore();
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

async function tell(
  context: TriageContext,
  analyst: Analyst,
  wanted: BulkAction,
  done: readonly AlarmRef[],
  now: number,
): Promise<void> {
  const actor = actorOf(analyst);
  const byDeployment = new Map<string, string[]>();
  for (const alarm of done) {
    byDeployment.set(alarm.deployment, [...(byDeployment.get(alarm.deployment) ?? []), alarm.uuid]);
  }
  for (const [deployment, uuids] of byDeployment) {
    await publishTriageNotice(context.store ?? sharedStore(), {
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
    });
  }
}
