import { QueryClient, isServer } from "@tanstack/react-query";

// One QueryClient per server request (never share cached alarms between analysts), one for the
// whole browser tab (so the cache survives navigation between list and detail). Client-safe.

/** Long enough that the client does not refetch what the server just rendered into the page. */
export const STALE_TIME_MS = 30_000;

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        // A focus refetch would reorder rows under the analyst's cursor.
        refetchOnWindowFocus: false,
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
