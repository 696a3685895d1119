import "server-only";
import { ApiError } from "@/lib/errors";
import type { RateBudget } from "./rate-budget";
import { tokenSchema } from "./schemas";
import { parseJson, send, statusError, upstreamErrors } from "./transport";

// The client-credentials token: fetched lazily, shared by every call of this client, and fetched
// by at most one request at a time however many calls need it at once. Renewal starts early and
// in the background: calls keep using the held token until it is about to expire, so a slow or
// failing token endpoint costs nothing until the held token really runs out.

export const TOKEN_PATH = "/api/2.0/oauth/token";

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

export interface TokenState {
  /** True when a token is held that requests still use (not within its expiry margin). */
  valid: boolean;
  /** Epoch ms at which the held token expires, or null when none is held. */
  expiresAt: number | null;
}

export interface TokenManagerOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  budget: RateBudget;
  timeoutMs: number;
  retryDeadlineMs: number;
}

interface HeldToken {
  token: string;
  expiresAt: number;
  /** From here a renewal runs in the background; the token is still used. */
  renewAt: number;
  /** From here the token is no longer used: callers wait for the renewal. */
  usableUntil: number;
  lifetimeMs: number;
}

export class TokenManager {
  #held: HeldToken | undefined;
  #flight: Promise<string> | undefined;
  /** Epoch ms before which no background renewal is started (after one failed). */
  #nextBackgroundTry = 0;
  readonly #options: TokenManagerOptions;

  constructor(options: TokenManagerOptions) {
    this.#options = options;
  }

  /**
   * A usable access token: the held one (renewing it in the background once it is due), else
   * the one being fetched, else a newly fetched one.
   */
  get(): Promise<string> {
    const held = this.#held;
    const now = Date.now();
    if (held && now < held.usableUntil) {
      if (now >= held.renewAt && now >= this.#nextBackgroundTry) this.#renewInBackground(held);
      return Promise.resolve(held.token);
    }
    return this.#renew();
  }

  /**
   * Forgets `token` after the upstream refused it. Only that token: a concurrent call may
   * already have replaced it, and the new one must not be thrown away.
   */
  drop(token: string): void {
    if (this.#held?.token === token) this.#held = undefined;
  }

  state(): TokenState {
    const held = this.#held;
    return {
      valid: Boolean(held && Date.now() < held.usableUntil),
      expiresAt: held?.expiresAt ?? null,
    };
  }

  /** The one flight for a new token, shared by everyone who needs it meanwhile. */
  #renew(): Promise<string> {
    this.#flight ??= this.#fetch().finally(() => {
      this.#flight = undefined;
    });
    return this.#flight;
  }

  #renewInBackground(held: HeldToken): void {
    if (this.#flight) return;
    this.#renew().catch((error: unknown) => {
      this.#nextBackgroundTry = Date.now() + renewRetryDelay(held.lifetimeMs);
      // The code only: a message could one day carry more than it should, and a stack trace
      // names files. The held token stays in use; a later call tries again.
      const code = error instanceof ApiError ? error.code : "unexpected";
      console.warn(
        `[usm] background token renewal failed (${code}); the current token stays in use`,
      );
    });
  }

  async #fetch(): Promise<string> {
    const { baseUrl, clientId, clientSecret, budget, timeoutMs, retryDeadlineMs } = this.#options;
    const basic = Buffer.from(`${clientId}:${clientSecret}`, "utf8").toString("base64");
    // Taken before the request: the lifetime counts from when the upstream issued it, at the latest.
    const requestedAt = Date.now();
    const response = await send({
      method: "POST",
      url: new URL(TOKEN_PATH, baseUrl),
      headers: () => ({
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      }),
      body: "grant_type=client_credentials",
      budget,
      timeoutMs,
      retryDeadlineMs,
    });
    if (response.status === 401) throw upstreamErrors.authFailed();
    // No token endpoint here: whatever answers is not a USM Anywhere deployment.
    if (response.status === 404) throw upstreamErrors.failed(404);
    if (response.status < 200 || response.status > 299) throw statusError(response.status);
    const parsed = tokenSchema.safeParse(parseJson(response, "a token"));
    if (!parsed.success) throw upstreamErrors.invalid("a token");

    const lifetimeMs = parsed.data.expires_in * 1000;
    const expiresAt = requestedAt + lifetimeMs;
    this.#held = {
      token: parsed.data.access_token,
      expiresAt,
      renewAt: expiresAt - renewMargin(lifetimeMs),
      usableUntil: expiresAt - expiryMargin(lifetimeMs),
      lifetimeMs,
    };
    this.#nextBackgroundTry = 0;
    return parsed.data.access_token;
  }
}
