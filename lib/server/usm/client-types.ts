import "server-only";
import type { Clock } from "@/lib/shared/core/clock";
import type { SharedStore } from "@/lib/server/store";
import type { BudgetUsage } from "./budget";
import type { BudgetClassName, ShareClassName } from "./budget-classes";
import type { CatalogueOptions } from "./catalogue";
import type { TokenState } from "./token";

// What a deployment's client is made with, and what its read() takes and tells (./client.ts).

export interface UsmClientConfig {
  /** The deployment's key: every store key of this client starts with it. */
  deployment: string;
  /** The deployment's origin, e.g. https://tenant.alienvault.cloud. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per upstream request (headers and body). */
  timeoutMs: number;
  /** How long a successful read is shared; 0 disables sharing after the flight. */
  cacheTtlMs: number;
  getPerSecond: number;
  postPerSecond: number;
  /** What replicas share: token, budget, cached reads. */
  store: SharedStore;
  /**
   * The shares of the budget the deployment's configuration gives classes (LIVE_BUDGET_SHARE,
   * INDEX_BUDGET_SHARE).
   */
  shares?: Partial<Record<ShareClassName, number>>;
  /** How long 429s are retried before giving up with upstream_rate_limited. Default 5 s. */
  retryDeadlineMs?: number;
  /** How long a call may wait for the rate budget. Default: timeoutMs. */
  maxQueueWaitMs?: number;
  /** The catalogue's clock and bounds (tests); its store and keys are the client's. */
  catalogue?: Partial<
    Pick<CatalogueOptions, "now" | "refreshMs" | "maxValues" | "countFlushMs" | "seedRetryMs">
  >;
  /** Time for the token, the rate budget and retries; tests inject a manual one. Default: real. */
  clock?: Clock;
}

/** Who a read is for: its class of the budget, and the analyst asking. */
export interface ReadFor {
  budget: BudgetClassName;
  analyst: string;
}

export interface ReadOptions {
  /** How long the answer is shared; default the client's cacheTtlMs. */
  ttlMs?: number;
  /**
   * A refusal (HTTP 400) is an answer here, not a failure of the deployment (asking for a label
   * it may not know): it is not recorded as the deployment's last error.
   */
  refusalIsAnswer?: boolean;
}

export interface UsmClientStatus {
  token: TokenState;
  budget: { get: BudgetUsage; post: BudgetUsage };
  cache: { ttlMs: number };
}

/** Parses one upstream JSON body into what callers get (and the store keeps). */
export type Parse<T> = (json: unknown) => T;
