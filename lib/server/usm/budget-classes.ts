import "server-only";

// Who spends a deployment's upstream budget, and on what terms: the one table of the policy.
// Every upstream call names its class; the budget (./budget.ts), the turns of a class's share
// (./turns.ts) and the client (./client.ts) apply what the class says. A new kind of background
// work is one line here, not a mechanism of its own.
//
// The terms:
// - queue: "foreground" calls are served in turn, one caller after another (round-robin);
//   "background" calls only while no foreground call waits, in turn with each other.
// - callerShare: the part of the budget one caller may book ahead (2 s); beyond, refused at once
//   with 429 (the rest of the team keeps theirs), across replicas.
// - maxQueuedPerCaller: background calls one caller may have waiting on a replica; beyond,
//   refused at once rather than queued behind that caller's own backlog.
// - share: the part of the budget the whole class may spend, across replicas: each call first
//   takes a turn in that slice (booked ahead, so when the slice is short every caller is served
//   less often, none never). A deployment's configuration may set it (LIVE_BUDGET_SHARE,
//   INDEX_BUDGET_SHARE).
// - yieldToAnalystsMs: waits (at most this long) for a moment when no analyst's read is under way
//   on the replica, so a bulk read's large pages never share the upstream with a page someone
//   waits for.
// - caller: who every call of the class counts as; absent: the analyst asking.

export interface BudgetClass {
  queue: "foreground" | "background";
  callerShare?: number;
  maxQueuedPerCaller?: number;
  share?: number;
  yieldToAnalystsMs?: number;
  caller?: string;
}

/**
 * A whole view's overview (at most 60 reads) and a little more: the most background calls one
 * caller keeps waiting on a replica.
 */
const BACKGROUND_QUEUE = 90;

/**
 * The index's sync reads one page (or one count) at a time per deployment: a few waiting are a
 * stuck worker, not a backlog worth keeping.
 */
const INDEX_QUEUE = 4;

/**
 * The label worker writes a handful of jobs at a time per replica (lib/server/triage/
 * label-worker.ts): more waiting is a backlog the database keeps better than a queue here.
 */
const LABEL_QUEUE = 32;

export const BUDGET_CLASSES = {
  /** An analyst's own read: a page, an alarm, a home tile, a health check. */
  analyst: { queue: "foreground", callerShare: 0.5 },
  /** The catalogue's first sample: in the analysts' queue as a caller of its own. */
  catalogue: { queue: "foreground", callerShare: 0.5, caller: "(catalogue)" },
  /** The load balancer's readiness probe: one shared, briefly cached read. */
  readiness: { queue: "foreground", callerShare: 0.5, caller: "(readiness)" },
  /** The upstream token (POST): the console's own call, within no one's share. */
  token: { queue: "foreground", caller: "(token)" },
  /** The live queue's watchers: one caller, polling in turns of their slice (LIVE_BUDGET_SHARE). */
  live: {
    queue: "background",
    caller: "(live)",
    share: 0.1,
    maxQueuedPerCaller: BACKGROUND_QUEUE,
  },
  /**
   * The index's sync: one worker per deployment for the cluster, reading pages and counts in
   * turns of its slice (INDEX_BUDGET_SHARE), after every analyst's read.
   */
  index: {
    queue: "background",
    caller: "(index)",
    share: 0.2,
    maxQueuedPerCaller: INDEX_QUEUE,
  },
  /** An analyst's overview counts: after every analyst's read, in turn per analyst. */
  overview: { queue: "background", maxQueuedPerCaller: BACKGROUND_QUEUE },
  /** Exports: after every analyst's read, and only in a gap in analysts' reads (2 s at most). */
  export: {
    queue: "background",
    caller: "(export)",
    maxQueuedPerCaller: BACKGROUND_QUEUE,
    yieldToAnalystsMs: 2_000,
  },
  /**
   * USM label write-backs (PUT and DELETE, which the upstream counts as POSTs): in the POST
   * budget, never the GET budget analysts read with, and after the token's POST on each replica;
   * one caller for the label worker. Their rate is what the token leaves of the POST budget.
   */
  labels: {
    queue: "background",
    caller: "(labels)",
    maxQueuedPerCaller: LABEL_QUEUE,
  },
} as const satisfies Record<string, BudgetClass>;

export type BudgetClassName = keyof typeof BUDGET_CLASSES;

/** The classes whose share a deployment's configuration may set. */
export type ShareClassName = {
  [K in BudgetClassName]: (typeof BUDGET_CLASSES)[K] extends { share: number } ? K : never;
}[BudgetClassName];

/** A class's terms, with a configured share in place of the default. */
export function budgetClass(
  name: BudgetClassName,
  shares: Partial<Record<ShareClassName, number>> = {},
): BudgetClass {
  const terms: BudgetClass = BUDGET_CLASSES[name];
  const share = (shares as Partial<Record<BudgetClassName, number>>)[name];
  return share === undefined ? terms : { ...terms, share };
}

/** Who a call of `name` counts as: the class's own caller, or the analyst asking. */
export function callerOf(name: BudgetClassName, analyst: string): string {
  const terms: BudgetClass = BUDGET_CLASSES[name];
  return terms.caller ?? analyst;
}
