import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { systemClock, type Clock } from "@/lib/shared/core/clock";
import type { TriageAction, VerdictLabels } from "@/lib/shared/triage/types";
import { recordLabelWrite, setLabelQueueDepth } from "@/lib/server/core/metrics";
import type { Database } from "@/lib/server/db";
import type { SharedStore } from "@/lib/server/store";
import { labelRefusalOf, writeAlarmLabel, type UsmClient } from "@/lib/server/usm";
import {
  claimDueJobs,
  completeJob,
  failDeploymentJobs,
  namesOf,
  pendingByDeployment,
  type ClaimedJob,
  type FailedJob,
  type Outcome,
} from "./label-jobs";
import {
  DEFAULT_RETRY,
  forbiddenMessage,
  outcomeOfFailure,
  type RetryPolicy,
} from "./label-outcome";
import { publishTriageNotice } from "./notices";

// The label worker: writes the verdicts' USM labels (the outbox of ./label-queue.ts) through the
// vendor client, at least once. One per process; the replicas share the work job by job, each
// claiming due jobs with a lease in the database (./label-jobs.ts), so no job is written by two
// at once and one left by a replica that died is taken up when its lease runs out. It runs when
// woken (a close or reopen just committed: labelWorkerWake) and on a sweep every interval (retries
// come due, other replicas' leftovers). Each outcome is the job's state, an audit row and a notice
// that makes every open detail read again. A deployment whose client may not write labels (403)
// is said so once: its jobs fail with that message and it is not called again for labels until
// the process restarts (its configuration read anew). The verdicts themselves are never touched.

/** What the worker needs of a deployment. */
export interface LabelDeployment {
  key: string;
  name: string;
  labels: VerdictLabels;
  client(): UsmClient;
}

export interface LabelWorkerOptions {
  deployments: readonly LabelDeployment[];
  /** The console's database, or null while it cannot be had (the round waits for the next). */
  database: () => Promise<Kysely<Database> | null>;
  /** Where notices go to every replica. */
  store: SharedStore;
  /** How often the sweep runs. */
  intervalMs: number;
  /** The first retry's delay, and (tests) the rest of the policy. */
  retry: Pick<RetryPolicy, "firstDelayMs"> & Partial<RetryPolicy>;
  /** Wall-clock time: due times and leases are compared across replicas. */
  clock?: Clock;
  /** Jobs of one deployment claimed (and written) at once. */
  batch?: number;
  /** How long a claim lasts: longer than an attempt can take (budget wait, timeout, 429s). */
  leaseMs?: number;
  /** This worker's name on its claims. */
  owner?: string;
  /** One line per event worth the log (a 403); default console.warn. */
  log?: (line: string) => void;
}

const BATCH = 16;
const LEASE_MS = 2 * 60_000;

export class LabelWorker {
  readonly #options: LabelWorkerOptions;
  readonly #clock: Clock;
  readonly #policy: RetryPolicy;
  readonly #owner: string;
  /** Deployments whose client may not write labels: not called again by this process. */
  readonly #forbidden = new Set<string>();
  /**
   * Deployments that have answered a label write here other than 403. Until one has, its jobs
   * go one at a time: a client that may not write is then told by one refusal, not a batch.
   */
  readonly #answered = new Set<string>();
  #claims = 0;
  #running: Promise<void> | null = null;
  #again = false;
  #started = false;
  #stopping = false;
  #cancelSweep: (() => void) | null = null;

  constructor(options: LabelWorkerOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#policy = { ...DEFAULT_RETRY, ...options.retry };
    this.#owner = options.owner ?? randomUUID();
  }

  /** Runs a round now and one every interval, and whenever woken. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    wakers().add(this);
    this.wake();
  }

  /** Stops after the round under way; its claims run out by themselves if it never ends. */
  async stop(): Promise<void> {
    this.#started = false;
    this.#stopping = true;
    wakers().delete(this);
    this.#cancelSweep?.();
    this.#cancelSweep = null;
    await this.#running;
  }

  /** A round as soon as the one under way (if any) ends. */
  wake(): void {
    if (!this.#started) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#cancelSweep?.();
    this.#cancelSweep = null;
    this.#running = this.#loop().finally(() => {
      this.#running = null;
      if (!this.#started) return;
      this.#cancelSweep = this.#clock.schedule(() => this.wake(), this.#options.intervalMs);
    });
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      await this.round();
    } while (this.#again && this.#started);
  }

  /**
   * One round: every deployment's due jobs claimed and written, batch after batch, until none is
   * due; resolves with how many attempts were made. Never rejects (a failure is logged; the next
   * round tries again). Tests drive it themselves.
   */
  async round(): Promise<number> {
    try {
      const db = await this.#options.database();
      if (!db) return 0;
      const counts = await Promise.all(this.#options.deployments.map((d) => this.#drain(db, d)));
      const pending = await pendingByDeployment(db);
      for (const { key } of this.#options.deployments)
        setLabelQueueDepth(key, pending.get(key) ?? 0);
      return counts.reduce((sum, count) => sum + count, 0);
    } catch {
      // The database: its own errors say enough in its log; the jobs wait, unchanged.
      (this.#options.log ?? console.warn)("[labels] a round of label write-backs failed; retrying");
      return 0;
    }
  }

  async #drain(db: Kysely<Database>, deployment: LabelDeployment): Promise<number> {
    let attempts = 0;
    // Stopping: the batch under way ends, the rest waits for the next holder.
    while (!this.#stopping) {
      const jobs = await claimDueJobs(db, {
        deployments: [deployment.key],
        owner: `${this.#owner}:${++this.#claims}`,
        now: this.#clock.now(),
        leaseMs: this.#options.leaseMs ?? LEASE_MS,
        limit: this.#answered.has(deployment.key) ? (this.#options.batch ?? BATCH) : 1,
      });
      if (jobs.length === 0) return attempts;
      await Promise.all(jobs.map((job) => this.#attempt(db, deployment, job)));
      attempts += jobs.length;
    }
    return attempts;
  }

  async #attempt(db: Kysely<Database>, deployment: LabelDeployment, job: ClaimedJob) {
    let outcome: Outcome = { state: "failed", message: forbiddenMessage(deployment.name) };
    let forbidden = this.#forbidden.has(deployment.key);
    if (!forbidden) {
      try {
        await writeAlarmLabel(deployment.client(), job.uuid, job.labelId, job.wanted);
        outcome = { state: "written" };
        this.#answered.add(deployment.key);
      } catch (error) {
        const refusal = labelRefusalOf(error)?.refusal;
        forbidden = refusal === "forbidden";
        if (refusal && !forbidden) this.#answered.add(deployment.key);
        outcome = outcomeOfFailure(error, job, {
          labels: deployment.labels,
          deploymentName: deployment.name,
          now: this.#clock.now(),
          policy: this.#policy,
        });
      }
    }
    const now = this.#clock.now();
    if (await completeJob(db, job, outcome, now)) {
      recordLabelWrite(deployment.key, outcome.state === "pending" ? "retry" : outcome.state);
      await this.#tell(
        db,
        [job],
        outcome.state === "written" ? "label_written" : "label_failed",
        now,
      );
    }
    if (forbidden) await this.#forbid(db, deployment);
  }

  /** The deployment's client may not write labels: said once, its waiting jobs failed with it. */
  async #forbid(db: Kysely<Database>, deployment: LabelDeployment): Promise<void> {
    if (this.#forbidden.has(deployment.key)) return;
    this.#forbidden.add(deployment.key);
    const message = forbiddenMessage(deployment.name);
    (this.#options.log ?? console.warn)(
      `[labels] ${message}: label write-backs of ${deployment.key} stop until the console restarts`,
    );
    const now = this.#clock.now();
    const failed = await failDeploymentJobs(db, deployment.key, message, now);
    recordLabelWrite(deployment.key, "failed", failed.length);
    await this.#tell(db, failed, "label_failed", now);
  }

  /** One notice per deployment and analyst whose verdicts asked for the labels. */
  async #tell(
    db: Kysely<Database>,
    jobs: readonly FailedJob[],
    action: TriageAction,
    now: number,
  ): Promise<void> {
    if (jobs.length === 0) return;
    const names = await namesOf(
      db,
      jobs.map((job) => job.requestedBy),
    );
    const groups = new Map<string, FailedJob[]>();
    for (const job of jobs) {
      const key = `${job.deployment}\n${job.requestedBy}`;
      groups.set(key, [...(groups.get(key) ?? []), job]);
    }
    for (const group of groups.values()) {
      const [first] = group;
      if (!first) continue;
      const who = names.get(first.requestedBy) ?? { handle: first.requestedBy, name: "" };
      await publishTriageNotice(this.#options.store, {
        deployment: first.deployment,
        uuids: [...new Set(group.map((job) => job.uuid))],
        action,
        analyst: who.handle,
        analystName: who.name || who.handle,
        at: now,
      });
    }
  }
}

const KEY = Symbol.for("alarm-console.label-workers");

/** This process's running workers (one, but a test may run several), on globalThis. */
function wakers(): Set<LabelWorker> {
  const holder = globalThis as { [KEY]?: Set<LabelWorker> };
  holder[KEY] ??= new Set();
  return holder[KEY];
}

/**
 * Wakes this process's label worker: a close or reopen just committed label jobs. Costs a round
 * at most; does nothing where no worker runs.
 */
export function labelWorkerWake(): void {
  for (const worker of wakers()) worker.wake();
}
