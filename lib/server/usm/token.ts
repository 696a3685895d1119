import "server-only";
import { systemClock, type Clock } from "@/lib/shared/core/clock";
import { ApiError } from "@/lib/shared/core/errors";
import { recordTokenRenewal } from "@/lib/server/core/metrics";
import type { SharedStore } from "@/lib/server/store";
import { Lease } from "@/lib/server/store/lease";
import type { FairBudget } from "./budget";
import { BUDGET_CLASSES, callerOf } from "./budget-classes";
import { sealerFor, type Sealer } from "./sealed";
import { tokenSchema } from "./schemas";
import { parseJson, send, statusError, upstreamErrors } from "./transport";
import { TOKEN_PATH } from "./upstream-query";

// The client-credentials token of one deployment, shared by every replica through the store:
// whoever needs a token first takes a lease there and fetches it; the others wait for it to
// appear, so N replicas cost one token. Each replica keeps its copy in memory and reads the
// store only when its copy is due for renewal or was refused. Renewal starts early and in the
// background: calls keep using the held token until it is about to expire, so a slow or failing
// token endpoint costs nothing until the held token really runs out.

/**
 * Renew this long before expiry: half the lifetime, at most 5 minutes (the real 15-minute token
 * is renewed after 10). Early, because a renewal blocks nobody and every minute of margin is a
 * minute of token-endpoint outage that analysts do not notice.
 */
export function renewMargin(lifetimeMs: number): number {
  return Math.min(5 * 60_000, lifetimeMs / 2);
}

/**
 * Stop using a token this long before it expires: 5% of the lifetime, at most 5 s, so that a
 * request sent just before the end does not reach the upstream after it. A request that still
 * meets a 401 gets a fresh token and one retry (see UsmClient).
 */
export function expiryMargin(lifetimeMs: number): number {
  return Math.min(5_000, lifetimeMs * 0.05);
}

/** After a background renewal failed, the next one waits this long (the endpoint is struggling). */
function renewRetryDelay(lifetimeMs: number): number {
  return Math.min(1_000, lifetimeMs / 20);
}

/** While another replica holds the lock, look for its token this often. */
const POLL_MS = 25;

export interface TokenState {
  /** True when a token is held that requests still use (not within its expiry margin). */
  valid: boolean;
  /** Epoch ms at which the held token expires, or null when none is held. */
  expiresAt: number | null;
}

export interface TokenManagerOptions {
  /** The deployment's key: what the metrics count its token fetches under. */
  deployment: string;
  store: SharedStore;
  /** The store keys' prefix for this deployment. */
  key: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  budget: FairBudget;
  timeoutMs: number;
  retryDeadlineMs: number;
  /** Wall-clock time (expiries are compared across replicas); tests inject a manual one. */
  clock?: Clock;
}

interface StoredToken {
  token: string;
  expiresAt: number;
  lifetimeMs: number;
}

interface HeldToken extends StoredToken {
  /** The store's value it came from: dropping it deletes exactly that value. */
  sealed: string;
  /** From here a renewal runs in the background; the token is still used. */
  renewAt: number;
  /** From here the token is no longer used: callers wait for the renewal. */
  usableUntil: number;
}

export class TokenManager {
  #held: HeldToken | undefined;
  #flight: Promise<string> | undefined;
  #renewing = false;
  /** Epoch ms before which no background renewal is started (after one failed). */
  #nextBackgroundTry = 0;
  readonly #options: TokenManagerOptions;
  readonly #clock: Clock;
  readonly #sealer: Sealer;
  readonly #tokenKey: string;
  readonly #lockKey: string;

  constructor(options: TokenManagerOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#tokenKey = `${options.key}:token`;
    this.#lockKey = `${options.key}:token-lock`;
    this.#sealer = sealerFor(
      options.clientSecret,
      `usm-token|${options.key}|${options.baseUrl}|${options.clientId}`,
    );
  }

  /**
   * A usable access token: the held one (renewing it in the background once it is due), else
   * the store's, else a newly fetched one (by this replica, or another that holds the lock).
   */
  get(): Promise<string> {
    const held = this.#held;
    const now = this.#clock.now();
    if (held && now < held.usableUntil) {
      if (now >= held.renewAt && now >= this.#nextBackgroundTry) this.#renewInBackground(held);
      return Promise.resolve(held.token);
    }
    this.#flight ??= this.#obtain().finally(() => {
      this.#flight = undefined;
    });
    return this.#flight;
  }

  /**
   * Forgets `token` after the upstream refused it, here and in the store. Only that token: a
   * concurrent call may already have replaced it, and the new one must not be thrown away.
   */
  drop(token: string): void {
    const held = this.#held;
    if (held?.token !== token) return;
    this.#held = undefined;
    this.#options.store.deleteIfEquals(this.#tokenKey, held.sealed).catch(() => undefined);
  }

  state(): TokenState {
    const held = this.#held;
    return {
      valid: Boolean(held && this.#clock.now() < held.usableUntil),
      expiresAt: held?.expiresAt ?? null,
    };
  }

  /** The store's token if it is usable, else one fetched under the lease, else wait for it. */
  async #obtain(): Promise<string> {
    // Longer than a lease can live: a replica that died holding it is outlasted, not waited out.
    const deadline = this.#clock.now() + this.#lockTtlMs() + 1_000;
    const usable = async () => {
      const stored = await this.#readStored();
      if (!stored || this.#clock.now() >= stored.usableUntil) return undefined;
      this.#held = stored;
      return stored.token;
    };
    for (;;) {
      const stored = await usable();
      if (stored) return stored;
      // Read again under the lease: another replica may have stored a token and let the lease
      // go between the read above and this take.
      const outcome = await this.#lease().exclusive(usable, () => this.#fetchAndShare());
      if (outcome.ran) return outcome.value;
      // Another replica is fetching it: it appears in the store, or its lease ends.
      if (this.#clock.now() > deadline) throw upstreamErrors.timeout(this.#options.timeoutMs);
      await this.#clock.sleep(POLL_MS);
    }
  }

  /** The lease of fetching this deployment's token: one replica at a time. */
  #lease(): Lease {
    return new Lease(this.#options.store, this.#lockKey, { ttlMs: this.#lockTtlMs() });
  }

  /** As long as one fetch can take: its timeout, and its 429 retries. */
  #lockTtlMs(): number {
    return this.#options.timeoutMs + this.#options.retryDeadlineMs + 1_000;
  }

  #renewInBackground(held: HeldToken): void {
    if (this.#renewing || this.#flight) return;
    this.#renewing = true;
    this.#renew(held)
      .catch((error: unknown) => {
        this.#nextBackgroundTry = this.#clock.now() + renewRetryDelay(held.lifetimeMs);
        // The code only: a message could one day carry more than it should, and a stack trace
        // names files. The held token stays in use; a later call tries again.
        const code = error instanceof ApiError ? error.code : "unexpected";
        console.warn(
          `[usm] background token renewal failed (${code}); the current token stays in use`,
        );
      })
      .finally(() => {
        this.#renewing = false;
      });
  }

  /** A newer token from the store if another replica renewed it, else one fetched here. */
  async #renew(held: HeldToken): Promise<void> {
    const newer = async () => {
      const stored = await this.#readStored();
      if (!stored || stored.expiresAt <= held.expiresAt) return undefined;
      this.#held = stored;
      return true;
    };
    if (await newer()) return;
    const outcome = await this.#lease().exclusive(newer, async () => {
      await this.#fetchAndShare();
      return true;
    });
    // Another replica is renewing: look again shortly.
    if (!outcome.ran) this.#nextBackgroundTry = this.#clock.now() + 250;
  }

  async #readStored(): Promise<HeldToken | undefined> {
    const sealed = await this.#options.store.get(this.#tokenKey);
    const plain = sealed === null ? null : this.#sealer.open(sealed);
    if (!sealed || !plain) return undefined;
    return held(JSON.parse(plain) as StoredToken, sealed);
  }

  async #fetchAndShare(): Promise<string> {
    const fetched = await this.#fetch();
    recordTokenRenewal(this.#options.deployment);
    const sealed = this.#sealer.seal(JSON.stringify(fetched));
    const token = held(fetched, sealed);
    await this.#options.store.set(this.#tokenKey, sealed, token.usableUntil - this.#clock.now());
    this.#held = token;
    this.#nextBackgroundTry = 0;
    return token.token;
  }

  async #fetch(): Promise<StoredToken> {
    const { deployment, baseUrl, clientId, clientSecret, budget, timeoutMs, retryDeadlineMs } =
      this.#options;
    const basic = Buffer.from(`${clientId}:${clientSecret}`, "utf8").toString("base64");
    // Taken before the request: the lifetime counts from when the upstream issued it, at the latest.
    const requestedAt = this.#clock.now();
    const response = await send({
      deployment,
      method: "POST",
      url: new URL(TOKEN_PATH, baseUrl),
      headers: () => ({
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      }),
      body: "grant_type=client_credentials",
      // The console's own call, not an analyst's: outside the analysts' shares.
      take: () => budget.take(callerOf("token", ""), BUDGET_CLASSES.token),
      timeoutMs,
      retryDeadlineMs,
      clock: this.#clock,
    });
    if (response.status === 401) throw upstreamErrors.authFailed();
    // No token endpoint here: whatever answers is not a USM Anywhere deployment.
    if (response.status === 404) throw upstreamErrors.failed(404);
    if (response.status < 200 || response.status > 299) throw statusError(response.status);
    const parsed = tokenSchema.safeParse(parseJson(response, "a token"));
    if (!parsed.success) throw upstreamErrors.invalid("a token");
    const lifetimeMs = parsed.data.expires_in * 1000;
    return { token: parsed.data.access_token, expiresAt: requestedAt + lifetimeMs, lifetimeMs };
  }
}

function held(token: StoredToken, sealed: string): HeldToken {
  return {
    ...token,
    sealed,
    renewAt: token.expiresAt - renewMargin(token.lifetimeMs),
    usableUntil: token.expiresAt - expiryMargin(token.lifetimeMs),
  };
}
