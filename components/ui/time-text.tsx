"use client";

import { useState } from "react";
import { formatRelative, formatTime, isoTime } from "@/lib/alarms/format";

/**
 * An absolute UTC time; hovering or focusing it shows the relative time ("5 minutes ago") as its
 * title. The title depends on the clock, so it is refreshed on hover and excused from hydration.
 */
export function TimeText({ ms, className }: { ms: number | null; className?: string }) {
  const [relative, setRelative] = useState(() => formatRelative(ms, Date.now()));
  if (ms === null) return <span className={className}>—</span>;
  const refresh = () => setRelative(formatRelative(ms, Date.now()));
  return (
    <time
      dateTime={isoTime(ms)}
      title={relative}
      className={className}
      onPointerEnter={refresh}
      onFocus={refresh}
      suppressHydrationWarning
    >
      {formatTime(ms)}
    </time>
  );
}
