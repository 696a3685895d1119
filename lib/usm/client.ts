import "server-only";
import { ApiError } from "@/lib/errors";
import { CoalescingCache } from "./cache";
import { RateBudget, type BudgetUsage } from "./rate-budget";
import { TokenManager, type TokenState } from "./token";
import { parseJson, send, statusError, upstreamErrors, type UpstreamResponse } from "./transport";

// The one fetch function of the USM Anywhere client: auth, rate budget, timeout, 429 retries,
// coalescing, a short cache and error mapping. Typed operations (lib/usm/alarms.ts) sit on top.

export interface UsmClientConfig {
  /** The deployment's origin, e.g. https://tenant.alienvault.cloud. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per upstream request (headers and body). */
  timeoutMs: number;
  /** How long a successful read is shared; 0 disables the cache (in-flight sharing stays). */
  cacheTtlMs: number;
  getPerSecond: number;
  postPerSecond: number;
  /** How long 429s are retried before giving up with upstream_rate_limited. Default 5 s. */
  retryDeadlineMs?: number;
  /** How long a call may wait for the rate budget. Default: timeoutMs. */
  maxQueueWaitMs?: number;
  /** Cache bounds. Defaults: 500 entries, 32 MiB of response text. */
  cacheMaxEntries?: number;
  cacheMaxBytes?: number;
}

export interface UsmClientStatus {
  token: TokenState;
  budget: { get: BudgetUsage; post: BudgetUsage };
  cache: { entries: number; ttlMs: number };
}

/** Parses one upstream JSON body into what callers get (and the cache keeps). */
export type Parse<T> = (json: unknown) => T;

const DEFAULT_TIMEOUT_MS = 10_000;

export class UsmClient {
  readonly #config: UsmClientConfig;
  readonly #tokens: TokenManager;
  readonly #getBudget: RateBudget;
  readonly #postBudget: RateBudget;
  readonly #cache: CoalescingCache;
  readonly #timeoutMs: number;
  readonly #retryDeadlineMs: number;

  constructor(config: UsmClientConfig) {
    this.#config = config;
    this.#timeoutMs = config.timeoutMs > 0 ? config.timeoutMs : DEFAULT_TIMEOUT_MS;
    this.#retryDeadlineMs = config.retryDeadlineMs ?? 5_000;
    const maxWaitMs = config.maxQueueWaitMs ?? this.#timeoutMs;
    this.#getBudget = new RateBudget({ perSecond: config.getPerSecond, maxWaitMs });
    this.#postBudget = new RateBudget({ perSecond: config.postPerSecond, maxWaitMs });
    this.#tokens = new TokenManager({
      baseUrl: config.baseUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      budget: this.#postBudget,
      timeoutMs: this.#timeoutMs,
      retryDeadlineMs: this.#retryDeadlineMs,
    });
    this.#cache = new CoalescingCache({
      ttlMs: config.cacheTtlMs,
      maxEntries: config.cacheMaxEntries ?? 500,
      maxBytes: config.cacheMaxBytes ?? 32 * 1024 * 1024,
    });
  }

  /** The deployment's origin: the reshape layer strips it from everything sent to browsers. */
  get baseUrl(): string {
    return this.#config.baseUrl;
  }

  /**
   * GET `path` with `params`, parsed by `parse`. Identical reads (same `kind`, path and params)
   * in flight share one upstream call and, for cacheTtlMs, its result. Throws ApiError.
   */
  get<T>(
    kind: string,
    path: string,
    params: URLSearchParams | undefined,
    parse: Parse<T>,
  ): Promise<T> {
    const url = new URL(path, this.#config.baseUrl);
    if (params) url.search = params.toString();
    const key = `${kind} ${url.pathname}${url.search}`;
    return this.#cache.get(key, async () => {
      const response = await this.#getWithToken(url);
      const json = parseJson(response, "a response");
      let value: T;
      try {
        value = parse(json);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw upstreamErrors.invalid("a response"); // a schema mismatch
      }
      return { value, bytes: response.text.length }; // characters: close enough to bytes
    });
  }

  status(): UsmClientStatus {
    return {
      token: this.#tokens.state(),
      budget: { get: this.#getBudget.usage(), post: this.#postBudget.usage() },
      cache: { entries: this.#cache.size, ttlMs: this.#config.cacheTtlMs },
    };
  }

  /** One GET with the bearer token; a 401 drops the token and retries once with a fresh one. */
  async #getWithToken(url: URL): Promise<UpstreamResponse> {
    for (let attempt = 0; ; attempt++) {
      let used = "";
      const response = await send({
        method: "GET",
        url,
        headers: async () => {
          used = await this.#tokens.get();
          return { Authorization: `Bearer ${used}`, Accept: "application/json" };
        },
        budget: this.#getBudget,
        timeoutMs: this.#timeoutMs,
        retryDeadlineMs: this.#retryDeadlineMs,
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
