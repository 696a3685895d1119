"use client";
// The active filters as removable chips, and Clear filters.

import { rangeName } from "@/lib/shared/alarms/time-range";
import { formatTime } from "@/lib/shared/alarms/time-zone";
import { PRIORITY_TITLE } from "@/lib/shared/alarms/priority";
import { STATUS_NAME } from "@/lib/shared/alarms/format";
import type { AlarmFilters, MultiKey } from "@/lib/shared/alarms/query";

interface Chip {
  id: string;
  label: string;
  value: string;
  /** The filters without this chip's. */
  remove: (filters: AlarmFilters) => AlarmFilters;
}

const without =
  (...keys: (keyof AlarmFilters)[]) =>
  (filters: AlarmFilters): AlarmFilters => {
    const next = { ...filters };
    for (const key of keys) delete next[key];
    return next;
  };

/** One chip per filter, and per value of a filter given several (each removes its own). */
export function activeFilterChips(filters: AlarmFilters, zone = "UTC"): Chip[] {
  const chips: Chip[] = [];
  const each = (key: MultiKey, label: string, name: (value: string) => string = (v) => v) => {
    const values: readonly string[] = filters[key] ?? [];
    for (const value of values) {
      chips.push({
        id: `${key}:${value}`,
        label,
        value: name(value),
        remove: (current) => {
          const left = ((current[key] ?? []) as string[]).filter((one) => one !== value);
          return left.length === 0 ? without(key)(current) : { ...current, [key]: left };
        },
      });
    }
  };
  each("status", "USM status", (value) => STATUS_NAME[value as keyof typeof STATUS_NAME]);
  each(
    "priority_label",
    "Priority",
    (value) => PRIORITY_TITLE[value as keyof typeof PRIORITY_TITLE],
  );
  if (filters.suppressed !== undefined) {
    const value = filters.suppressed ? "yes" : "no";
    chips.push({ id: "suppressed", label: "Suppressed", value, remove: without("suppressed") });
  }
  each("rule_strategy", "Strategy");
  each("rule_method", "Method");
  each("rule_intent", "Intent");
  each("alarm_sensor_sources", "Sensor");
  if (filters.range) {
    chips.push({
      id: "time",
      label: "Occurred",
      value: rangeName(filters.range),
      remove: without("range"),
    });
  }
  const { timestamp_occured_gte: gte, timestamp_occured_lte: lte } = filters;
  if (gte !== undefined || lte !== undefined) {
    chips.push({
      id: "time",
      label: "Occurred",
      value: `${gte !== undefined ? formatTime(gte, zone) : "…"} → ${lte !== undefined ? formatTime(lte, zone) : "now"}`,
      remove: without("timestamp_occured_gte", "timestamp_occured_lte"),
    });
  }
  return chips;
}

/** The active filters as removable chips, and a way to clear them all. */
export function FilterChips({
  filters,
  zone,
  onChange,
}: {
  filters: AlarmFilters;
  zone: string;
  onChange: (filters: AlarmFilters) => void;
}) {
  const chips = activeFilterChips(filters, zone);
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" aria-label="Active filters" role="group">
      {chips.map((chip) => (
        <span
          key={chip.id}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-0.5 pr-0.5 pl-2 text-xs text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100"
        >
          <span className="font-medium">{chip.label}:</span>
          <span className="truncate">{chip.value}</span>
          <button
            type="button"
            className="ml-0.5 inline-flex h-5 w-5 items-center justify-center rounded-full hover:bg-blue-200 dark:hover:bg-blue-800"
            aria-label={`Remove filter ${chip.label}: ${chip.value}`}
            onClick={() => onChange(chip.remove(filters))}
          >
            <span aria-hidden="true">×</span>
          </button>
        </span>
      ))}
      <button
        type="button"
        className="ml-1 text-xs font-medium text-blue-800 underline-offset-2 hover:underline dark:text-blue-300"
        onClick={() => onChange({})}
      >
        Clear filters
      </button>
    </div>
  );
}
