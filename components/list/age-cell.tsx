"use client";
// An alarm's age in its row ("3 h"), on the list's one clock (./use-clock.ts); hovering says the
// exact time it occurred, in the list's zone.

import { formatAge } from "@/lib/shared/alarms/age";
import { formatTime } from "@/lib/shared/alarms/time-zone";
import { useTimeZone } from "@/components/ui/time-zone";
import { useClock } from "./use-clock";

export function AgeCell({ ms }: { ms: number | null }) {
  const now = useClock();
  const zone = useTimeZone();
  if (ms === null) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <span
      className="font-mono text-xs whitespace-nowrap tabular-nums"
      title={`Occurred ${formatTime(ms, zone)}`}
      data-age
    >
      {now === null ? "" : formatAge(ms, now)}
    </span>
  );
}
