import { ApiError } from "@/lib/shared/core/errors";

// Which failed reads are tried again, and when: set once as the query client's default
// (./query-client.ts), so every query follows it unless its options say why not. Writes are
// never tried again (a note sent twice is two notes). Client-safe.

/** How many times a rate-limited read is tried again before its error is shown. */
export const MAX_RATE_LIMIT_RETRIES = 3;
/** The longest wait between tries when the answer names none (seconds). */
const MAX_BACKOFF_SECONDS = 10;

/** A rate limit, the upstream's or this analyst's share of the console's. */
export function isRateLimit(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === "upstream_rate_limited" || error.code === "rate_limited")
  );
}

/**
 * Only a rate limit is worth waiting for; every other error is shown at once (with its Retry):
 * a refusal (4xx) would be refused again, and an analyst looking at a failure decides better than
 * a timer whether to ask again.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isRateLimit(error) && failureCount <= MAX_RATE_LIMIT_RETRIES;
}

/** As long as the answer said (Retry-After); else doubling from 1 s, at most 10 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  const seconds = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  return (seconds ?? Math.min(2 ** failureCount, MAX_BACKOFF_SECONDS)) * 1000;
}
