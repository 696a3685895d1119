import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import type { AlarmRef } from "./alarm-row";
import { inTransaction } from "./alarm-row";

// The label worker's SQL (table label_jobs, queued by ./label-queue.ts): claiming due jobs with a
// lease across replicas, and recording what became of an attempt. Every completion is guarded by
// the claim it came from (the claim's owner and attempt number): a job a newer verdict rewrote
// while it was claimed (queueLabels resets its attempts), or one another worker took after the
// lease ran out, is never overwritten by the old attempt's outcome.

/** A job as a worker holds it: the claim, and what to write. */
export interface ClaimedJob extends AlarmRef {
  labelId: string;
  wanted: boolean;
  /** This attempt's number (1 for the first): the claim's version. */
  attempts: number;
  requestedBy: string;
  /** Who holds the claim: unique per claim. */
  owner: string;
}

interface JobRow {
  deployment: string;
  uuid: string;
  label_id: string;
  wanted: boolean;
  attempts: number;
  requested_by: string;
  claimed_by: string;
}

const jobOf = (row: JobRow): ClaimedJob => ({
  deployment: row.deployment,
  uuid: row.uuid,
  labelId: row.label_id,
  wanted: row.wanted,
  attempts: row.attempts,
  requestedBy: row.requested_by,
  owner: row.claimed_by,
});

/**
 * Claims up to `limit` jobs of `deployments` that are due (pending, due_at <= now) and free (no
 * lease, or one run out) for `owner` until now + leaseMs, counting the attempt. On PostgreSQL two
 * workers never claim one job: the rows are locked as they are picked, the ones another worker is
 * claiming are skipped, and one claimed meanwhile no longer matches when read again under its
 * lock. PGlite is one connection: its statements never interleave.
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  claim: {
    deployments: readonly string[];
    owner: string;
    now: number;
    leaseMs: number;
    limit: number;
  },
): Promise<ClaimedJob[]> {
  const { deployments, owner, now, leaseMs, limit } = claim;
  if (deployments.length === 0) return [];
  const { rows } = await sql<JobRow>`
    update label_jobs
    set claimed_by = ${owner}, claimed_until = ${now + leaseMs}, attempts = attempts + 1
    where (deployment, uuid, label_id) in (
      select deployment, uuid, label_id from label_jobs
      where state = 'pending' and due_at <= ${now}
        and (claimed_until is null or claimed_until <= ${now})
        and deployment in (${sql.join(deployments)})
      order by due_at
      limit ${limit}
      for update skip locked
    )
    returning deployment, uuid, label_id, wanted, attempts, requested_by, claimed_by`.execute(db);
  return rows.map(jobOf);
}

/** What an attempt came to: written, to be tried again at dueAt, or failed for good. */
export type Outcome =
  | { state: "written" }
  | { state: "pending"; message: string; dueAt: number }
  | { state: "failed"; message: string };

/**
 * Records the attempt's outcome (and, for written or failed, its audit row) when the job is still
 * the one claimed; else only lets the claim go. Resolves whether the outcome was recorded.
 */
export function completeJob(
  db: Kysely<Database>,
  job: ClaimedJob,
  outcome: Outcome,
  now: number,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const recorded = await tx
      .updateTable("label_jobs")
      .set({
        state: outcome.state,
        message: outcome.state === "written" ? null : outcome.message,
        ...(outcome.state === "pending" && { due_at: outcome.dueAt }),
        claimed_by: null,
        claimed_until: null,
        updated_at: now,
      })
      .where("deployment", "=", job.deployment)
      .where("uuid", "=", job.uuid)
      .where("label_id", "=", job.labelId)
      .where("claimed_by", "=", job.owner)
      .where("attempts", "=", job.attempts)
      .where("state", "=", "pending")
      .returning("uuid")
      .executeTakeFirst();
    if (!recorded) {
      // Rewritten by a newer verdict while claimed: its claim ends with this attempt.
      await tx
        .updateTable("label_jobs")
        .set({ claimed_by: null, claimed_until: null })
        .where("deployment", "=", job.deployment)
        .where("uuid", "=", job.uuid)
        .where("label_id", "=", job.labelId)
        .where("claimed_by", "=", job.owner)
        .execute();
      return false;
    }
    if (outcome.state !== "pending") await auditOutcome(tx, job, outcome, now);
    return true;
  });
}

/** A job of a deployment failed by failDeploymentJobs. */
export type FailedJob = Pick<
  ClaimedJob,
  "deployment" | "uuid" | "labelId" | "wanted" | "requestedBy"
>;

/**
 * Fails for good, with `message`, every pending job of `deployment` nobody holds a claim on (a
 * worker holding one records its own): a refusal that no retry changes (403).
 */
export function failDeploymentJobs(
  db: Kysely<Database>,
  deployment: string,
  message: string,
  now: number,
): Promise<FailedJob[]> {
  return inTransaction(db, async (tx) => {
    // Locked first, in the key's order and skipping rows a verdict's transaction holds (it queues
    // its own job again, which the next round fails): unordered, this update and a bulk close
    // upserting the same jobs could deadlock on PostgreSQL.
    const free = await tx
      .selectFrom("label_jobs")
      .select(["uuid", "label_id"])
      .where("deployment", "=", deployment)
      .where("state", "=", "pending")
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
      .orderBy("uuid")
      .orderBy("label_id")
      .forUpdate()
      .skipLocked()
      .execute();
    if (free.length === 0) return [];
    const rows = await tx
      .updateTable("label_jobs")
      .set({ state: "failed", message, updated_at: now })
      .where("deployment", "=", deployment)
      .where((eb) =>
        eb(
          eb.refTuple("uuid", "label_id"),
          "in",
          free.map((row) => eb.tuple(row.uuid, row.label_id)),
        ),
      )
      .returning(["deployment", "uuid", "label_id", "wanted", "requested_by"])
      .execute();
    const jobs = rows.map((row) => ({
      deployment: row.deployment,
      uuid: row.uuid,
      labelId: row.label_id,
      wanted: row.wanted,
      requestedBy: row.requested_by,
    }));
    for (const job of jobs) await auditOutcome(tx, job, { state: "failed", message }, now);
    return jobs;
  });
}

/** One audit row per outcome, in the name of the analyst whose verdict asked for the label. */
async function auditOutcome(
  db: Kysely<Database>,
  job: FailedJob,
  outcome: Exclude<Outcome, { state: "pending" }>,
  now: number,
): Promise<void> {
  const label = { label: job.labelId, wanted: job.wanted };
  await db
    .insertInto("triage_audit")
    .values({
      at: now,
      analyst_id: job.requestedBy,
      deployment: job.deployment,
      uuid: job.uuid,
      action: outcome.state === "written" ? "label_written" : "label_failed",
      before: JSON.stringify({ ...label, state: "pending" }),
      after: JSON.stringify(
        outcome.state === "written" ? { ...label, state: "written" } : { ...label, ...outcome },
      ),
    })
    .execute();
}

/**
 * Puts the alarm's jobs that failed for good back in the queue, due now, their attempts counted
 * anew (an analyst's Retry, once the cause is fixed); resolves how many.
 */
export async function retryFailedJobs(
  db: Kysely<Database>,
  alarm: AlarmRef,
  now: number,
): Promise<number> {
  const rows = await db
    .updateTable("label_jobs")
    .set({ state: "pending", attempts: 0, due_at: now, message: null, updated_at: now })
    .where("deployment", "=", alarm.deployment)
    .where("uuid", "=", alarm.uuid)
    .where("state", "=", "failed")
    .returning("label_id")
    .execute();
  return rows.length;
}

/** Jobs waiting to be written, per deployment (the queue's depth). */
export async function pendingByDeployment(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("label_jobs")
    .select(["deployment", (eb) => eb.fn.countAll<number>().as("pending")])
    .where("state", "=", "pending")
    .groupBy("deployment")
    .execute();
  return new Map(rows.map((row) => [row.deployment, Number(row.pending)]));
}

/** The handle and name of each analyst id (those unknown are left out). */
export async function namesOf(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, { handle: string; name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("analysts")
    .select(["id", "handle", "name"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, { handle: row.handle, name: row.name || row.handle }]));
}
