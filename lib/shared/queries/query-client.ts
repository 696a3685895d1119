import { QueryCache, QueryClient, isServer } from "@tanstack/react-query";
import { ApiError } from "@/lib/shared/core/errors";
import { retryDelay, shouldRetry } from "./retry";

// One QueryClient per server request (never share cached alarms between analysts), one for the
// whole browser tab (so the cache survives navigation between list and detail). Client-safe.

/** Long enough that the client does not refetch what the server just rendered into the page. */
const STALE_TIME_MS = 30_000;

export function makeQueryClient(queryCache?: QueryCache): QueryClient {
  return new QueryClient({
    queryCache,
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        // A focus refetch would reorder rows under the analyst's cursor.
        refetchOnWindowFocus: false,
        // Every query's rule (./retry.ts); a server prefetch turns it off in its own options.
        retry: shouldRetry,
        retryDelay,
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient(new QueryCache({ onError: signInAgainIfSignedOut }));
  return browserQueryClient;
}

/**
 * A session that ended while the page was open (signed out elsewhere, expired, revoked): go to
 * sign-in with this very view as the way back, instead of an error under a header that still
 * names the analyst. A full load, so nothing of the ended session stays in this tab.
 */
function signInAgainIfSignedOut(error: unknown): void {
  if (!(error instanceof ApiError) || error.code !== "unauthenticated") return;
  const here = `${window.location.pathname}${window.location.search}`;
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose (see above)
  window.location.assign(`/signin?${new URLSearchParams({ callbackUrl: here })}`);
}
