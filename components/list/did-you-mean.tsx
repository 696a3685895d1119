"use client";
// Under "No alarms match": the nearest known names for a rule filter that matched nothing.

import { useMemo } from "react";
import type { AlarmFilters } from "@/lib/shared/alarms/query";
import { nearestValues } from "@/lib/shared/alarms/suggest";
import { useHydrated } from "@/components/use-hydrated";
import type { Suggestions } from "./suggestions";

const TEXT_FILTERS = [
  { key: "rule_strategy", label: "Strategy", known: "strategies" },
  { key: "rule_method", label: "Method", known: "methods" },
  { key: "rule_intent", label: "Intent", known: "intents" },
] as const;

/**
 * Under "No alarms match" when a rule filter is set: those filters match whole names exactly
 * ("Brute" finds nothing), so say so and offer the nearest names the console knows.
 */
export function DidYouMean({
  filters,
  suggestions,
  onChange,
}: {
  filters: AlarmFilters;
  suggestions: Suggestions;
  onChange: (filters: AlarmFilters) => void;
}) {
  // Shown in the server's HTML, its code may still be on its way: until then a press would be
  // lost, so it says it cannot be used (components/lazy.tsx).
  const waiting = !useHydrated() || undefined;
  // Once per filters and catalogue, not on every render of the list.
  const hints = useMemo(
    () =>
      TEXT_FILTERS.flatMap(({ key, label, known }) =>
        (filters[key] ?? []).map((typed) => {
          const nearest = nearestValues(typed, suggestions[known], 3).filter((v) => v !== typed);
          return { key, label, typed, nearest };
        }),
      ),
    [filters, suggestions],
  );
  if (hints.length === 0) return null;
  return (
    <div className="flex max-w-xl flex-col gap-2 text-sm" data-testid="did-you-mean">
      <p className="text-slate-600 dark:text-slate-400">
        Strategy, method and intent match whole names, exactly as USM writes them.
      </p>
      {hints.map(({ key, label, typed, nearest }) => {
        if (nearest.length === 0) return null;
        return (
          <p key={`${key}:${typed}`} className="flex flex-wrap items-center justify-center gap-1.5">
            <span>
              {label} “{typed}”: did you mean
            </span>
            {nearest.map((value) => (
              <button
                key={value}
                type="button"
                className="btn-secondary"
                aria-disabled={waiting}
                // The name replaces the one typed; the filter's other values stay.
                onClick={() => {
                  const values = (filters[key] ?? []).map((one) => (one === typed ? value : one));
                  onChange({ ...filters, [key]: [...new Set(values)] });
                }}
              >
                {value}
              </button>
            ))}
          </p>
        );
      })}
    </div>
  );
}
