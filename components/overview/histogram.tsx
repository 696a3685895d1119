"use client";

import { useRef, useState } from "react";
import { countOf } from "@/lib/shared/alarms/format";
import { formatTime } from "@/lib/shared/alarms/time-zone";
import type { HistogramBar } from "@/lib/shared/overview/types";

// Alarms over time as bars, each a button that filters the list to its bounds. One tab stop for
// the whole chart (roving tabindex): arrows, Home and End move between bars, Enter picks one.

const DAY = 24 * 3_600_000;

/** A short axis label: the time of day for a span within a day and a half, else the date. */
function axisLabel(ms: number, zone: string, span: number): string {
  const options: Intl.DateTimeFormatOptions =
    span <= 1.5 * DAY
      ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone }
      : span <= 300 * DAY
        ? { month: "short", day: "numeric", timeZone: zone }
        : { year: "numeric", month: "short", timeZone: zone };
  return new Intl.DateTimeFormat("en-GB", options).format(ms);
}

export function Histogram({
  bars,
  zone,
  loading,
  stale,
  selected,
  unknownReason,
  onPick,
}: {
  bars: HistogramBar[];
  zone: string;
  loading: boolean;
  /** The bars are the previous view's, while this one's are read. */
  stale: boolean;
  /** The list's absolute range, when it is one bar's. */
  selected: { gte: number; lte: number } | null;
  /** Why a bar with no count is unknown. */
  unknownReason: string | null;
  onPick: (bar: HistogramBar) => void;
}) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const max = Math.max(1, ...bars.map((bar) => bar.count ?? 0));
  const span = bars.length > 0 ? bars.at(-1)!.lte - bars[0]!.gte : 0;
  const current = Math.min(active, Math.max(0, bars.length - 1));

  function move(to: number) {
    const index = Math.max(0, Math.min(bars.length - 1, to));
    setActive(index);
    buttons.current[index]?.focus();
  }

  if (loading || bars.length === 0) {
    return (
      <div className="flex h-full flex-col justify-end">
        <div
          className={`flex h-14 items-end gap-px ${loading ? "animate-pulse" : ""}`}
          aria-hidden="true"
        >
          {Array.from({ length: 24 }, (_, index) => (
            <div
              key={index}
              className="flex-1 rounded-t-sm bg-slate-200 dark:bg-slate-800"
              style={{ height: `${25 + ((index * 37) % 50)}%` }}
            />
          ))}
        </div>
        <p className="mt-1 h-4 truncate text-[11px] text-slate-600 dark:text-slate-400">
          {loading
            ? "Counting alarms over time…"
            : unknownReason
              ? `Alarms over time: unknown (${unknownReason})`
              : "No alarms to chart."}
        </p>
      </div>
    );
  }

  return (
    <div className={`flex flex-col ${stale ? "opacity-60" : ""}`} aria-busy={stale}>
      <div
        role="group"
        aria-label="Alarms over time: pick a bar to show only its alarms"
        className="flex h-14 items-end gap-px"
        onKeyDown={(event) => {
          const to =
            event.key === "ArrowRight"
              ? current + 1
              : event.key === "ArrowLeft"
                ? current - 1
                : event.key === "Home"
                  ? 0
                  : event.key === "End"
                    ? bars.length - 1
                    : null;
          if (to === null) return;
          event.preventDefault();
          move(to);
        }}
      >
        {bars.map((bar, index) => {
          const range = `${formatTime(bar.gte, zone)} to ${formatTime(bar.lte, zone)}`;
          const label =
            bar.count === null
              ? `${range}: count unknown${unknownReason ? ` (${unknownReason})` : ""}`
              : `${range}: ${countOf(bar.count, "alarm")}`;
          return (
            <button
              key={bar.gte}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              tabIndex={index === current ? 0 : -1}
              aria-pressed={selected?.gte === bar.gte && selected.lte === bar.lte}
              title={label}
              aria-label={label}
              data-overview-bar={index}
              data-count={bar.count ?? ""}
              data-gte={bar.gte}
              data-lte={bar.lte}
              onFocus={() => setActive(index)}
              onClick={() => onPick(bar)}
              className="group flex h-full min-w-0 flex-1 items-end rounded-t-sm aria-pressed:bg-blue-100 dark:aria-pressed:bg-blue-950 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
            >
              {bar.count === null ? (
                <span className="block h-full w-full rounded-t-sm border border-dashed border-slate-400 bg-transparent dark:border-slate-500" />
              ) : (
                <span
                  className="block w-full rounded-t-sm bg-blue-500 group-hover:bg-blue-700 dark:bg-blue-400 dark:group-hover:bg-blue-300"
                  style={{
                    height: bar.count === 0 ? "1px" : `${Math.max(4, (bar.count / max) * 100)}%`,
                  }}
                />
              )}
            </button>
          );
        })}
      </div>
      <div
        className="mt-1 flex h-4 justify-between text-[11px] text-slate-600 tabular-nums dark:text-slate-400"
        aria-hidden="true"
      >
        <span>{axisLabel(bars[0]!.gte, zone, span)}</span>
        <span>{axisLabel(bars[Math.floor(bars.length / 2)]!.gte, zone, span)}</span>
        <span>{axisLabel(bars.at(-1)!.lte, zone, span)}</span>
      </div>
    </div>
  );
}
