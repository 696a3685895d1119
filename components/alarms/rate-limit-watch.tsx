"use client";

import type { FetchStatus } from "@tanstack/react-query";
import { asApiError, isRateLimit, retryDelay } from "@/lib/shared/queries/query-options";
import { RateLimitNotice } from "./list-states";

/** Shows the rate-limit notice while a query waits to retry after a rate limit (ours or the upstream's). */
export function RateLimitWatch({
  result,
}: {
  result: {
    failureReason: unknown;
    failureCount: number;
    fetchStatus: FetchStatus;
    isError: boolean;
  };
}) {
  const failure = result.failureReason ? asApiError(result.failureReason) : null;
  const waiting = isRateLimit(failure) && result.fetchStatus === "fetching" && !result.isError;
  if (!waiting) return null;
  // A new notice (new countdown) for every failed attempt.
  return (
    <RateLimitNotice
      key={result.failureCount}
      delayMs={retryDelay(result.failureCount, failure)}
      ours={failure.code === "rate_limited"}
    />
  );
}
