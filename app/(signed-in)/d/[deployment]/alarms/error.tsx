"use client";

import { ErrorPanel } from "@/components/lazy-error-panel";

// Inside the alarms layout, so the header (and the way back) stays on screen.
export default function AlarmsError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorPanel error={error} retry={retry} />;
}
