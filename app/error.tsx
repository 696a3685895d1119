"use client";

import { ErrorPanel } from "@/components/lazy-error-panel";

export default function Error({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main className="px-4 py-6">
      <ErrorPanel error={error} retry={retry} />
    </main>
  );
}
