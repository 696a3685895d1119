"use client";
// While a page waits out a rate limit: "USM Central is rate-limiting; retrying in N s".

import type { FetchStatus } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useProductName } from "@/components/deployments/deployment-context";
import { asApiError } from "@/lib/shared/queries/query-options";
import { isRateLimit, retryDelay } from "@/lib/shared/queries/retry";

/** Counts down to the scheduled retry. */
function RateLimitNotice({
  delayMs,
  ours = false,
  product,
}: {
  delayMs: number;
  ours?: boolean;
  product: string;
}) {
  const [retryAt] = useState(() => Date.now() + delayMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  return (
    <div
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {ours ? "Too many requests at once" : `${product} is rate-limiting`};{" "}
      {seconds > 0 ? `retrying in ${seconds} s` : "retrying now"}.
    </div>
  );
}

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
  const product = useProductName();
  if (!waiting) return null;
  // A new notice (new countdown) for every failed attempt.
  return (
    <RateLimitNotice
      key={result.failureCount}
      delayMs={retryDelay(result.failureCount, failure)}
      ours={failure.code === "rate_limited"}
      product={product}
    />
  );
}
