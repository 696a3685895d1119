import "server-only";
import { monotonicClock, systemClock, type Clock } from "@/lib/shared/core/clock";
import { ApiError } from "@/lib/shared/core/errors";
import { observeBudgetWait, recordUpstreamCall } from "@/lib/server/core/metrics";
import { request } from "undici";

// One HTTP exchange with the upstream, and what its failures mean to an analyst. Messages never
// name the upstream's address, a token or a secret: they reach the browser verbatim.

export interface UpstreamResponse {
  status: number;
  /** The Retry-After header, the one header callers read (on a 429). */
  retryAfter: string | undefined;
  text: string;
}

export interface SendOptions {
  /** The deployment's key: what the metrics count this exchange under. */
  deployment: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: URL;
  /**
   * Evaluated before a budget slot is taken, on every try. Waiting for a token must not hold a
   * slot: slots granted while a slow token fetch is under way would all be spent in one burst
   * when it arrives, over the upstream's limit.
   */
  headers: () => Record<string, string> | Promise<Record<string, string>>;
  body?: string;
  /** Resolves when the rate budget lets this try go (see FairBudget.take). */
  take: () => Promise<void>;
  timeoutMs: number;
  /** 429s are retried with backoff until this much time has passed since the first try. */
  retryDeadlineMs: number;
  /** What the backoff waits on and the deadline is measured by. Default: systemClock. */
  clock?: Clock;
}

const MAX_BACKOFF_MS = 2_000;

export const upstreamErrors = {
  authFailed: () =>
    new ApiError(
      "upstream_auth_failed",
      "The deployment rejected the API client's credentials (check its client id and secret in the console's configuration).",
    ),
  forbidden: () =>
    new ApiError(
      "upstream_forbidden",
      "This client or edition has no API access (Standard and Premium only).",
    ),
  notFound: () => new ApiError("not_found", "The deployment has no such alarm."),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiError(
      "upstream_rate_limited",
      `The deployment is limiting requests from this console; try again in ${retryAfterSeconds} s.`,
      { retryAfterSeconds },
    ),
  timeout: (timeoutMs: number) =>
    new ApiError(
      "upstream_timeout",
      `The deployment did not answer within ${formatSeconds(timeoutMs)}.`,
    ),
  unreachable: () =>
    new ApiError("upstream_unavailable", "The deployment cannot be reached right now."),
  failed: (status: number) =>
    new ApiError("upstream_unavailable", `The deployment failed to answer (HTTP ${status}).`, {
      cause: { upstreamStatus: status },
    }),
  invalid: (what: string) =>
    new ApiError(
      "upstream_invalid_response",
      `The deployment sent ${what} the console cannot read.`,
    ),
};

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/** A Retry-After value as milliseconds (delta-seconds or an HTTP date), or undefined. */
export function retryAfterMs(
  header: string | null | undefined,
  now = Date.now(),
): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/**
 * One try: the headers (and so the token) first, then a budget slot, then the request with a
 * timeout covering headers and body. Nothing is awaited between the slot and the send.
 *
 * undici's request() rather than fetch(): a page of 20 of the simulator's alarms is about 220 KB
 * of JSON, and fetch reads it through web streams, slower than undici's own body reader. It follows no redirects (an API does not redirect, and
 * following one could carry the credentials elsewhere) and has no cache of its own.
 */
async function once(options: SendOptions): Promise<UpstreamResponse> {
  const headers = await options.headers();
  const waitClock = options.clock ?? monotonicClock;
  const asked = waitClock.now();
  await options.take();
  observeBudgetWait(options.deployment, (waitClock.now() - asked) / 1000);
  try {
    const response = await request(options.url, {
      method: options.method,
      headers,
      body: options.body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.body.text();
    recordUpstreamCall(options.deployment, response.statusCode);
    const retryAfter = response.headers["retry-after"];
    return {
      status: response.statusCode,
      retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
      text,
    };
  } catch (error) {
    recordUpstreamCall(options.deployment, "error");
    // Deliberately no `cause`: a network error's message names the host and port.
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw upstreamErrors.timeout(options.timeoutMs);
    }
    throw upstreamErrors.unreachable();
  }
}

/**
 * Sends, retrying 429s with exponential backoff (or the upstream's Retry-After) within the
 * deadline. Any other status is the caller's to interpret.
 */
export async function send(options: SendOptions): Promise<UpstreamResponse> {
  const clock = options.clock ?? systemClock;
  const deadline = clock.now() + options.retryDeadlineMs;
  for (let attempt = 0; ; attempt++) {
    const response = await once(options);
    if (response.status !== 429) return response;
    const backoff = Math.min(MAX_BACKOFF_MS, 200 * 2 ** attempt) * (0.5 + Math.random() / 2);
    const wait = retryAfterMs(response.retryAfter, clock.now()) ?? backoff;
    if (clock.now() + wait > deadline) {
      throw upstreamErrors.rateLimited(Math.max(1, Math.ceil(wait / 1000)));
    }
    await clock.sleep(wait);
  }
}

/** The JSON of a 2xx response; anything unparsable is the upstream's fault, not the user's. */
export function parseJson(response: UpstreamResponse, what: string): unknown {
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    throw upstreamErrors.invalid(what);
  }
}

/** The ApiError for a non-2xx status other than 401/429, which the callers handle themselves. */
export function statusError(status: number): ApiError {
  if (status === 403) return upstreamErrors.forbidden();
  if (status === 404) return upstreamErrors.notFound();
  if (status >= 500) return upstreamErrors.failed(status);
  return new ApiError(
    "upstream_invalid_response",
    `The deployment refused the console's request (HTTP ${status}).`,
    { cause: { upstreamStatus: status } },
  );
}

/** The HTTP status the upstream answered a failed request with, when it answered one. */
export function upstreamStatusOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || typeof error.cause !== "object" || error.cause === null) {
    return undefined;
  }
  const status = (error.cause as { upstreamStatus?: unknown }).upstreamStatus;
  return typeof status === "number" ? status : undefined;
}

/** Whether the upstream refused a request as malformed (HTTP 400): a filter value it lacks. */
export function isUpstreamBadRequest(error: unknown): boolean {
  return upstreamStatusOf(error) === 400;
}
