"use client";

import { useState } from "react";
import { formatRelative, isoTime } from "@/lib/shared/alarms/format";
import { UTC, formatTime } from "@/lib/shared/alarms/time-zone";
import { useTimeZone } from "./time-zone";

/** What hovering a time tells: the time in UTC, on the analyst's own clock, and its age. */
export function timeTitle(ms: number, now: number, localZone: string): string {
  const lines = [`${formatTime(ms, UTC)}`];
  if (localZone !== UTC) lines.push(`${formatTime(ms, localZone)} (your time, ${localZone})`);
  lines.push(formatRelative(ms, now));
  return lines.join("\n");
}

function localZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return UTC;
  }
}

/**
 * A time on the chosen zone's clock, with the zone beside it. Hovering or focusing it shows UTC,
 * the analyst's local time and the age; the title depends on the clock and the machine, so it
 * is filled on hover and excused from hydration.
 */
export function TimeText({ ms, className }: { ms: number | null; className?: string }) {
  const zone = useTimeZone();
  const [title, setTitle] = useState<string | undefined>(undefined);
  if (ms === null) return <span className={className}>—</span>;
  const refresh = () => setTitle(timeTitle(ms, Date.now(), localZone()));
  return (
    <time
      dateTime={isoTime(ms)}
      title={title}
      className={className}
      onPointerEnter={refresh}
      onFocus={refresh}
      suppressHydrationWarning
    >
      {formatTime(ms, zone)}
    </time>
  );
}
