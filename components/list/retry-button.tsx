"use client";
// "Retry" where a read failed: what a list's error state and its failure banners offer.

import { useHydrated } from "@/components/use-hydrated";

/**
 * Retry, "Retrying…" while it does. Shown in the server's HTML, its code may still be on its way:
 * until then a press would be lost, so it says it cannot be used (components/lazy.tsx).
 */
export function RetryButton({
  onRetry,
  retrying,
  primary = false,
}: {
  onRetry: () => void;
  retrying: boolean;
  primary?: boolean;
}) {
  const waiting = !useHydrated() || undefined;
  return (
    <button
      type="button"
      className={primary ? "btn-primary" : "btn-secondary"}
      onClick={onRetry}
      disabled={retrying}
      aria-disabled={waiting}
    >
      {retrying ? "Retrying…" : "Retry"}
    </button>
  );
}
