"use client";

import { useId, useState } from "react";
import { formatTime, fromUtcInputValue, toUtcInputValue } from "@/lib/alarms/format";
import { TIME_PRESETS, describeSpan, presetRange } from "@/lib/alarms/time-range";

type Range = { gte: number | undefined; lte: number | undefined };

/**
 * The occurred-time filter: absolute From / To as text in UTC, the way the table writes times
 * (so a time can be copied from a row and pasted here; browsers' date pickers follow the
 * machine's locale and zone instead), and
 * presets that write absolute bounds, so a shared link shows exactly the same alarms.
 */
export function TimeRangeFilter({
  gte,
  lte,
  onChange,
}: {
  gte: number | undefined;
  lte: number | undefined;
  onChange: (range: Range) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState({ gte: toUtcInputValue(gte), lte: toUtcInputValue(lte) });
  const [shown, setShown] = useState<Range>({ gte, lte });
  if (shown.gte !== gte || shown.lte !== lte) {
    setShown({ gte, lte });
    setDrafts({ gte: toUtcInputValue(gte), lte: toUtcInputValue(lte) });
    setError(null);
  }

  function commit(next: { gte: string; lte: string }) {
    // A bound the analyst did not touch keeps its exact value (the input shows whole seconds).
    const untouched = { gte: toUtcInputValue(gte), lte: toUtcInputValue(lte) };
    const range = {
      gte: next.gte === untouched.gte ? gte : fromUtcInputValue(next.gte),
      lte: next.lte === untouched.lte ? lte : fromUtcInputValue(next.lte),
    };
    if (next.gte && range.gte === undefined) return setError("From: use YYYY-MM-DD HH:mm:ss (UTC)");
    if (next.lte && range.lte === undefined) return setError("To: use YYYY-MM-DD HH:mm:ss (UTC)");
    if (range.gte !== undefined && range.lte !== undefined && range.gte > range.lte) {
      return setError("From must not be after To");
    }
    setError(null);
    if (range.gte !== gte || range.lte !== lte) onChange(range);
  }

  const input = (bound: "gte" | "lte", label: string) => (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={`${id}-${bound}`} className="field-label">
        {label} <span className="normal-case">(UTC)</span>
      </label>
      <input
        id={`${id}-${bound}`}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        placeholder="YYYY-MM-DD HH:mm:ss"
        value={drafts[bound]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="control w-44 font-mono"
        onChange={(event) => setDrafts({ ...drafts, [bound]: event.currentTarget.value })}
        onBlur={() => commit(drafts)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit(drafts);
          }
        }}
      />
    </div>
  );

  const span = describeSpan(gte, lte);
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="sr-only">Occurred between</legend>
      {input("gte", "From")}
      {input("lte", "To")}
      <div className="flex flex-col gap-0.5">
        <span className="field-label" aria-hidden="true">
          Quick range
        </span>
        <div className="flex gap-1" role="group" aria-label="Quick time ranges">
          {TIME_PRESETS.map((preset) => (
            <button
              key={preset.id}
              type="button"
              className="btn px-1.5"
              aria-label={preset.label}
              title={`${preset.label}, up to now`}
              onClick={() => onChange(presetRange(preset.id, Date.now()))}
            >
              {preset.id}
            </button>
          ))}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="status" className="text-[11px] text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : gte !== undefined || lte !== undefined ? (
        <p
          className="pb-1 text-[11px] text-slate-600 dark:text-slate-400"
          data-testid="resolved-range"
        >
          {gte !== undefined ? formatTime(gte) : "the beginning"} →{" "}
          {lte !== undefined ? formatTime(lte) : "now"}
          {span ? ` (${span})` : ""}
        </p>
      ) : null}
    </fieldset>
  );
}
