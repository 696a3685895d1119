"use client";

import { ErrorPanel } from "@/components/lazy-error-panel";

// Inside the signed-in layout, so the header (and the way back) stays on screen.
export default function MergedAlarmsError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorPanel error={error} retry={retry} />;
}
