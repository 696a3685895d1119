import "server-only";
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/shared/core/errors";
import type { LastError } from "@/lib/shared/deployments/tile";
import { AnalystReads } from "./analyst-reads";
import { FairBudget } from "./budget";
import { budgetClass, callerOf, type BudgetClass, type BudgetClassName } from "./budget-classes";
import { SharedReads, type CacheKind, type Shared } from "@/lib/server/store/shared-reads";
import { Catalogue } from "./catalogue";
import type { Parse, ReadFor, ReadOptions, UsmClientConfig, UsmClientStatus } from "./client-types";
import { LastErrors } from "./last-error";
import { TokenManager } from "./token";
import {
  isUpstreamBadRequest,
  parseJson,
  send,
  statusError,
  upstreamErrors,
  type UpstreamResponse,
} from "./transport";
import { ShareTurns, type Turn } from "./turns";

// The one fetch function of one deployment's USM client: auth, a rate budget shared by replicas
// and fair between its callers (each call names its class: ./budget-classes.ts), timeout, 429
// retries, shared reads and error mapping. The typed operations (./alarms.ts, ./counts.ts,
// ./live.ts, ./export.ts, ./health.ts, ./labels.ts) sit on top and are the only callers of read()
// and write(). It reads no environment: the deployment's config and the shared store are given.

export type { UsmClientConfig } from "./client-types";

const DEFAULT_TIMEOUT_MS = 10_000;

/** Bump when what the reads return (AlarmPage, AlarmDetail, counts) changes shape. */
const CACHE_FORMAT = "f5";

export class UsmClient {
  readonly #config: UsmClientConfig;
  readonly #tokens: TokenManager;
  readonly #getBudget: FairBudget;
  readonly #postBudget: FairBudget;
  readonly #reads: SharedReads;
  readonly #catalogue: Catalogue;
  readonly #turns: ShareTurns;
  readonly #timeoutMs: number;
  readonly #retryDeadlineMs: number;
  readonly #lastErrors: LastErrors;
  readonly #analystReads = new AnalystReads();

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
    this.#lastErrors = new LastErrors(store, `${key}:last-error`, clock);
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
      deployment: config.deployment,
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
    this.#turns = new ShareTurns(store, key, config.getPerSecond);
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

  /** The deployment's key, which every alarm read is tagged with, and its origin. */
  get source(): { deployment: string; baseUrl: string } {
    return { deployment: this.#config.deployment, baseUrl: this.#config.baseUrl };
  }

  /** The terms of a class for this deployment (its configured share in place of the default). */
  budgetClass(name: BudgetClassName): BudgetClass {
    return budgetClass(name, this.#config.shares);
  }

  /**
   * A turn in the share of the budget class `name` may spend (across replicas), waiting at most
   * maxWaitMs: the caller sends after waitMs, or asks again after retryInMs. A class without a
   * share always has its turn now. A class with a share takes its turns here before it reads (the
   * live queue's poll does, and stretches its interval by what it waited).
   */
  takeTurn(name: BudgetClassName, maxWaitMs: number): Promise<Turn> {
    const share = this.budgetClass(name).share;
    if (share === undefined) return Promise.resolve({ granted: true, waitMs: 0 });
    return this.#turns.take(name, share, maxWaitMs);
  }

  /**
   * GET `path` with `params` for `who`, parsed by `parse`. Identical reads (same kind, path and
   * params) share one upstream call and, for ttlMs, its serialised result. Sent on the terms of
   * the caller's budget class. Throws ApiError. For the typed operations of lib/server/usm only.
   */
  async read<T>(
    kind: CacheKind,
    path: string,
    params: URLSearchParams | undefined,
    parse: Parse<T>,
    who: ReadFor,
    { ttlMs = this.#config.cacheTtlMs, refusalIsAnswer = false }: ReadOptions = {},
  ): Promise<Shared<T>> {
    const url = new URL(path, this.#config.baseUrl);
    if (params) url.search = params.toString();
    const terms = this.budgetClass(who.budget);
    const caller = callerOf(who.budget, who.analyst);
    return this.#reads.get(
      kind,
      `${url.pathname}${url.search}`,
      async () => {
        try {
          if (terms.yieldToAnalystsMs !== undefined) {
            await this.analystsIdle(terms.yieldToAnalystsMs);
          }
          const response =
            terms.queue === "background"
              ? await this.#getWithToken(url, caller, terms)
              : await this.#analystReads.run(() => this.#getWithToken(url, caller, terms));
          const json = parseJson(response, "a response");
          let value: T;
          try {
            value = parse(json);
          } catch (error) {
            if (error instanceof ApiError) throw error;
            throw upstreamErrors.invalid("a response"); // a schema mismatch
          }
          void this.#lastErrors.noteSuccess();
          return value;
        } catch (error) {
          if (!(refusalIsAnswer && isUpstreamBadRequest(error))) this.#lastErrors.note(error);
          throw error;
        }
      },
      ttlMs,
    );
  }

  /** The last failure of the deployment any replica met in the past day (./last-error.ts). */
  lastError(): Promise<LastError | null> {
    return this.#lastErrors.read();
  }

  status(): UsmClientStatus {
    return {
      token: this.#tokens.state(),
      budget: { get: this.#getBudget.usage(), post: this.#postBudget.usage() },
      cache: { ttlMs: this.#config.cacheTtlMs },
    };
  }

  /** Foreground calls of `analyst` waiting for the budget on this replica. */
  queuedFor(analyst: string): number {
    return this.#getBudget.queuedFor(analyst);
  }

  /** Analysts' reads under way upstream on this replica. */
  get analystReadsInFlight(): number {
    return this.#analystReads.inFlight;
  }

  /** Resolves once no analyst's read is under way upstream on this replica, or after maxWaitMs. */
  analystsIdle(maxWaitMs: number): Promise<void> {
    return this.#analystReads.idle(maxWaitMs);
  }

  /**
   * PUT or DELETE `path` for `who` (the vendor's one write: an alarm's label). The upstream counts
   * both as POSTs: sent in the POST budget, on the terms of the caller's class. Resolves on 2xx;
   * throws ApiError (statusError's meanings; a 401 retried once with a fresh token). Its failures
   * are the write's own, not the deployment's last error. For the typed operations only.
   */
  async write(method: "PUT" | "DELETE", path: string, who: ReadFor): Promise<void> {
    const url = new URL(path, this.#config.baseUrl);
    const terms = this.budgetClass(who.budget);
    await this.#withToken(method, url, this.#postBudget, callerOf(who.budget, who.analyst), terms);
  }

  #getWithToken(url: URL, caller: string, terms: BudgetClass): Promise<UpstreamResponse> {
    return this.#withToken("GET", url, this.#getBudget, caller, terms);
  }

  /** One call with the bearer token; a 401 drops the token and retries once with a fresh one. */
  async #withToken(
    method: "GET" | "PUT" | "DELETE",
    url: URL,
    budget: FairBudget,
    caller: string,
    terms: BudgetClass,
  ): Promise<UpstreamResponse> {
    // The caller's share is charged once per call: its retries (401, 429) are the call's own.
    let charged = false;
    for (let attempt = 0; ; attempt++) {
      let used = "";
      const response = await send({
        deployment: this.#config.deployment,
        method,
        url,
        headers: async () => {
          used = await this.#tokens.get();
          return { Authorization: `Bearer ${used}`, Accept: "application/json" };
        },
        take: () => {
          const charge = !charged;
          charged = true;
          return budget.take(caller, terms, { charge });
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
