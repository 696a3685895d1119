"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { z } from "zod";
import { getQueryClient } from "@/lib/alarms/query-client";

// zod compiles object parsers with `new Function` once it has probed that eval works; under our
// CSP (no 'unsafe-eval') even the probe is reported as a violation. The browser parses small
// answers, so it goes without; the server keeps the faster compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

// The browser's one QueryClient (kept across navigations so list and detail share a cache) and
// nuqs's adapter for URL state.
export function Providers({ children }: { children: React.ReactNode }) {
  const queryClient = getQueryClient();
  return (
    <QueryClientProvider client={queryClient}>
      <NuqsAdapter>{children}</NuqsAdapter>
    </QueryClientProvider>
  );
}
