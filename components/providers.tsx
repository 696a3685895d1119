"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { getQueryClient } from "@/lib/shared/queries/query-client";

// No zod runs in the browser (lib/shared/alarms/query.ts says why). Should it ever, call
// z.config({ jitless: true }) here first: zod probes for `new Function`, and under our CSP
// (no 'unsafe-eval') even the probe is reported as a violation.

// The browser's one QueryClient (kept across navigations so list and detail share a cache).
export function Providers({ children }: { children: React.ReactNode }) {
  const queryClient = getQueryClient();
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
