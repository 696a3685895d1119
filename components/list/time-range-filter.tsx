"use client";
// The occurred-time filter: rolling ranges and exact From / To bounds in the analyst's zone.

import { useEffect, useId, useRef, useState } from "react";
import type { RangeId } from "@/lib/shared/alarms/query";
import { TIME_PRESETS, rangeName } from "@/lib/shared/alarms/time-range";
import { formatTime, fromZonedInputValue, toZonedInputValue } from "@/lib/shared/alarms/time-zone";

export type TimeRange = { range?: RangeId; gte?: number; lte?: number };

/**
 * The occurred-time filter: rolling ranges (`range=24h`, "the last 24 hours as of each load")
 * and exact From / To bounds typed in the analyst's zone, in the table's own format (so a time
 * can be copied from a row and pasted here; browsers' date pickers follow the machine's locale
 * and zone instead). A date alone in To means the end of that day.
 */
export function TimeRangeFilter({
  value,
  zone,
  resolved,
  onChange,
}: {
  value: TimeRange;
  zone: string;
  /** The bounds the current page was read with (a rolling range as resolved by the server). */
  resolved: { gte: number | null; lte: number | null } | undefined;
  onChange: (range: TimeRange) => void;
}) {
  const id = useId();
  const { range, gte, lte } = value;
  const [error, setError] = useState<string | null>(null);
  const cancelled = useRef(false);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // Text typed into the server-rendered page before its scripts took over is kept as the draft.
  useEffect(() => {
    const typed = (bound: "gte" | "lte") =>
      fieldset.current?.querySelector<HTMLInputElement>(`[data-bound="${bound}"]`)?.value;
    const before = { gte: typed("gte") ?? "", lte: typed("lte") ?? "" };
    if (before.gte !== written.gte || before.lte !== written.lte) setDrafts(before);
    // Only the first look after hydration can find such text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const written = { gte: toZonedInputValue(gte, zone), lte: toZonedInputValue(lte, zone) };
  const [drafts, setDrafts] = useState(written);
  const [shown, setShown] = useState(written);
  if (shown.gte !== written.gte || shown.lte !== written.lte) {
    setShown(written);
    setDrafts(written);
    setError(null);
  }

  function commit(next: { gte: string; lte: string }) {
    // A bound the analyst did not touch keeps its exact value (the input shows whole seconds).
    const bounds = {
      gte: next.gte === written.gte ? gte : fromZonedInputValue(next.gte, zone),
      lte: next.lte === written.lte ? lte : fromZonedInputValue(next.lte, zone, { endOfDay: true }),
    };
    const hint = `use YYYY-MM-DD HH:mm:ss (${zone === "UTC" ? "UTC" : zone})`;
    if (next.gte.trim() && bounds.gte === undefined) return setError(`From: ${hint}`);
    if (next.lte.trim() && bounds.lte === undefined) return setError(`To: ${hint}`);
    if (bounds.gte !== undefined && bounds.lte !== undefined && bounds.gte > bounds.lte) {
      return setError("From must not be after To");
    }
    setError(null);
    if (bounds.gte === gte && bounds.lte === lte) return;
    // Typing a bound turns a rolling range into an exact window.
    onChange({ gte: bounds.gte, lte: bounds.lte });
  }

  const input = (bound: "gte" | "lte", label: string) => (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={`${id}-${bound}`} className="field-label">
        {label} <span className="normal-case">({zone})</span>
      </label>
      <input
        id={`${id}-${bound}`}
        data-bound={bound}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        placeholder={
          range && resolved ? toZonedInputValue(resolved[bound], zone) : "YYYY-MM-DD HH:mm:ss"
        }
        value={drafts[bound]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="control w-[9.75rem] font-mono"
        onChange={(event) => setDrafts({ ...drafts, [bound]: event.currentTarget.value })}
        onBlur={() => {
          if (cancelled.current) cancelled.current = false;
          else commit(drafts);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit(drafts);
          } else if (event.key === "Escape") {
            setDrafts(written);
            setError(null);
            cancelled.current = true;
            event.currentTarget.blur();
          }
        }}
      />
    </div>
  );

  return (
    <fieldset ref={fieldset} className="flex flex-wrap items-end gap-2">
      <legend className="sr-only">Occurred between</legend>
      {input("gte", "From")}
      {input("lte", "To")}
      <div className="flex flex-col gap-0.5">
        <span className="field-label" aria-hidden="true">
          Rolling
        </span>
        <div className="flex gap-1" role="group" aria-label="Rolling time ranges">
          {TIME_PRESETS.map((preset) => (
            <button
              key={preset.id}
              type="button"
              className="btn px-1.5"
              aria-pressed={range === preset.id}
              title={`${preset.label}, as of each load`}
              onClick={() => onChange(range === preset.id ? {} : { range: preset.id })}
            >
              {preset.id}
              <span className="sr-only"> ({preset.label.toLowerCase()})</span>
            </button>
          ))}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="status" className="text-[11px] text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : range || gte !== undefined || lte !== undefined ? (
        <p
          className="pb-1 text-[11px] text-slate-600 dark:text-slate-400"
          data-testid="resolved-range"
        >
          {range ? <span className="font-medium">{rangeName(range)}</span> : null}
          {range && resolved?.gte != null && resolved.lte != null ? (
            <>
              {": "}
              {formatTime(resolved.gte, zone)} → {formatTime(resolved.lte, zone)}
            </>
          ) : null}
          {!range ? (
            <>
              {gte !== undefined ? formatTime(gte, zone) : "the beginning"} →{" "}
              {lte !== undefined ? formatTime(lte, zone) : "now"}
            </>
          ) : null}
        </p>
      ) : null}
    </fieldset>
  );
}
