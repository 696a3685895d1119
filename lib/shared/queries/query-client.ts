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

/** Whether this tab is signing itself out (the user menu): its own way to sign-in then wins. */
let signingOut = false;

/**
 * `work` (ending this tab's session, or every session of the analyst) with the tab's reads
 * told to leave the way to sign-in to it: a read that meets the ended session meanwhile (the live
 * stream hears of the sign-out at once and reads again) would go to sign-in first, without the
 * words the menu's own way says. On failure the reads' rule is back.
 */
export async function whileSigningOut<T>(work: () => Promise<T>): Promise<T> {
  signingOut = true;
  try {
    return await work();
  } catch (error) {
    signingOut = false;
    throw error;
  }
}

/**
 * A session that ended while the page was open (signed out elsewhere, expired, revoked): go to
 * sign-in with this very view as the way back, instead of an error under a header that still
 * names the analyst. A full load, so nothing of the ended session stays in this tab. Not while
 * the tab signs itself out: the menu goes to sign-in its own way.
 */
export function signInAgainIfSignedOut(error: unknown): void {
  if (signingOut) return;
  if (!(error instanceof ApiError) || error.code !== "unauthenticated") return;
  const here = `${window.location.pathname}${window.location.search}`;
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose (see above)
  window.location.assign(`/signin?${new URLSearchParams({ callbackUrl: here })}`);
}
