import "server-only";
import type { RateBudget } from "./rate-budget";
import { tokenSchema } from "./schemas";
import { parseJson, send, statusError, upstreamErrors } from "./transport";

// The client-credentials token: fetched lazily, shared by every call of this client, renewed
// shortly before it runs out, and fetched by at most one request at a time however many calls
// need it at once.

export const TOKEN_PATH = "/api/2.0/oauth/token";

/** Renew this long before expiry: 10% of the lifetime, at most 30 s (a 2 s test token: 0.2 s). */
export function renewMargin(lifetimeMs: number): number {
  return Math.min(30_000, lifetimeMs * 0.1);
}

export interface TokenState {
  /** True when a token is held and not yet due for renewal. */
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
  renewAt: number;
}

export class TokenManager {
  #held: HeldToken | undefined;
  #flight: Promise<string> | undefined;
  readonly #options: TokenManagerOptions;

  constructor(options: TokenManagerOptions) {
    this.#options = options;
  }

  /** A usable access token: the held one, the one being fetched, or a newly fetched one. */
  get(): Promise<string> {
    const held = this.#held;
    if (held && Date.now() < held.renewAt) return Promise.resolve(held.token);
    this.#flight ??= this.#fetch().finally(() => {
      this.#flight = undefined;
    });
    return this.#flight;
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
      valid: Boolean(held && Date.now() < held.renewAt),
      expiresAt: held?.expiresAt ?? null,
    };
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
    };
    return parsed.data.access_token;
  }
}
