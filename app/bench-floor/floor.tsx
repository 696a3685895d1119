"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

// The floor's one client component (app/bench-floor/page.bench.tsx): a QueryClient and its
// provider, as components/providers.tsx makes for the app, and the data-hydrated mark the
// bench waits for.
export function Floor() {
  const [queryClient] = useState(() => new QueryClient());
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    root.current?.setAttribute("data-hydrated", "true");
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <main ref={root} className="px-4 py-6">
        <h1 className="text-lg font-semibold">Framework floor</h1>
      </main>
    </QueryClientProvider>
  );
}
