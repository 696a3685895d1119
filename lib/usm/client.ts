import "server-only";
import { createHash } from "node:crypto";
import type { Clock } from "@/lib/clock";
import { ApiError } from "@/lib/errors";
import type { SharedStore } from "@/lib/store";
import { FairBudget, type BudgetUsage } from "./budget";
import { SharedReads, type Shared } from "./cache";
import { Catalogue, type CatalogueOptions } from "./catalogue";
import { TokenManager, type TokenState } from "./token";
import { parseJson, send, statusError, upstreamErrors, type UpstreamResponse } from "./transport";

// The one fetch function of one deployment's USM Anywhere client: auth, a rate budget shared by
// replicas and fair between analysts, timeout, 429 retries, shared reads and error mapping.
// Typed operations (lib/usm/alarms.ts) sit on top. It reads no environment: the deployment's
// config and the shared store are given.

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

export interface UsmClientStatus {
  token: TokenState;
  budget: { get: BudgetUsage; post: BudgetUsage };
  cache: { ttlMs: number };
}

/** Parses one upstream JSON body into what callers get (and the store keeps). */
export type Parse<T> = (json: unknown) => T;

const DEFAULT_TIMEOUT_MS = 10_000;

/** Bump when what the reads return (AlarmPage, AlarmDetail) changes shape. */
const CACHE_FORMAT = "f2";

export class UsmClient {
  readonly #config: UsmClientConfig;
  readonly #tokens: TokenManager;
  readonly #getBudget: FairBudget;
  readonly #postBudget: FairBudget;
  readonly #reads: SharedReads;
  readonly #catalogue: Catalogue;
  readonly #timeoutMs: number;
  readonly #retryDeadlineMs: number;

  constructor(config: UsmClientConfig) {
    this.#config = config;
    this.#timeoutMs = config.timeoutMs > 0 ? config.timeoutMs : DEFAULT_TIMEOUT_MS;
    this.#retryDeadlineMs = config.retryDeadlineMs ?? 5_000;
    const maxWaitMs = config.maxQueueWaitMs ?? this.#timeoutMs;
    const { store, clock } = config;
    // The deployment's upstream client, in every key: a console pointed at another deployment or
    // client (a changed configuration) never meets the old one's token, budget or cached reads.
    const client = createHash("sha256")
      .update(`${config.baseUrl}\n${config.clientId}`)
      .digest("base64url")
      .slice(0, 12);
    const key = `usm:${config.deployment}:${client}`;
    this.#getBudget = new FairBudget({
      store,
      key: `${key}:budget:get`,
      perSecond: config.getPerSecond,
      maxWaitMs,
      clock,
    });
    this.#postBudget = new FairBudget({
      store,
      key: `${key}:budget:post`,
      perSecond: config.postPerSecond,
      maxWaitMs,
      clock,
    });
    this.#tokens = new TokenManager({
      store,
      key,
      baseUrl: config.baseUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      budget: this.#postBudget,
      timeoutMs: this.#timeoutMs,
      retryDeadlineMs: this.#retryDeadlineMs,
      clock,
    });
    // The format of what is cached, too: replicas of two builds may share the store briefly.
    this.#reads = new SharedReads(
      store,
      `cache:${config.deployment}:${client}:${CACHE_FORMAT}:`,
      config.cacheTtlMs,
    );
    this.#catalogue = new Catalogue({
      ...config.catalogue,
      store,
      key,
      // A seed is a wave of reads and a wave of fallbacks, each as long as one read can take.
      seedLockMs: 2 * (maxWaitMs + this.#timeoutMs + this.#retryDeadlineMs) + 1_000,
    });
  }

  /** The values this deployment's alarms have carried, shared by the replicas (./catalogue). */
  get catalogue(): Catalogue {
    return this.#catalogue;
  }

  /** The deployment's origin: the reshape layer strips it from everything sent to browsers. */
  get baseUrl(): string {
    return this.#config.baseUrl;
  }

  /**
   * GET `path` with `params` on behalf of `analyst`, parsed by `parse`. Identical reads (same
   * `kind`, path and params) share one upstream call and, for cacheTtlMs, its serialised result.
   * Throws ApiError.
   */
  read<T>(
    analyst: string,
    kind: string,
    path: string,
    params: URLSearchParams | undefined,
    parse: Parse<T>,
  ): Promise<Shared<T>> {
    const url = new URL(path, this.#config.baseUrl);
    if (params) url.search = params.toString();
    return this.#reads.get(`${kind} ${url.pathname}${url.search}`, async () => {
      const response = await this.#getWithToken(url, analyst);
      const json = parseJson(response, "a response");
      try {
        return parse(json);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw upstreamErrors.invalid("a response"); // a schema mismatch
      }
    });
  }

  status(): UsmClientStatus {
    return {
      token: this.#tokens.state(),
      budget: { get: this.#getBudget.usage(), post: this.#postBudget.usage() },
      cache: { ttlMs: this.#config.cacheTtlMs },
    };
  }

  /** Calls of `analyst` waiting for the budget on this replica. */
  queuedFor(analyst: string): number {
    return this.#getBudget.queuedFor(analyst);
  }

  /** One GET with the bearer token; a 401 drops the token and retries once with a fresh one. */
  async #getWithToken(url: URL, analyst: string): Promise<UpstreamResponse> {
    // The analyst's share is charged once per read: its retries (401, 429) are the read's own.
    let charged = false;
    for (let attempt = 0; ; attempt++) {
      let used = "";
      const response = await send({
        method: "GET",
        url,
        headers: async () => {
          used = await this.#tokens.get();
          return { Authorization: `Bearer ${used}`, Accept: "application/json" };
        },
        take: () => {
          const shared = !charged;
          charged = true;
          return this.#getBudget.take(analyst, { shared });
        },
        timeoutMs: this.#timeoutMs,
        retryDeadlineMs: this.#retryDeadlineMs,
        clock: this.#config.clock,
      });
      if (response.status >= 200 && response.status <= 299) return response;
      if (response.status !== 401) throw statusError(response.status);
      this.#tokens.drop(used);
      // A freshly issued token refused too: the credentials work but their tokens do not.
      if (attempt >= 1) throw upstreamErrors.authFailed();
    }
  }
}

export function createUsmClient(config: UsmClientConfig): UsmClient {
  return new UsmClient(config);
}
