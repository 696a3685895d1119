"use client";
// The active filters as removable chips, and Clear filters.

import { rangeName } from "@/lib/shared/alarms/time-range";
import { formatTime } from "@/lib/shared/alarms/time-zone";
import { PRIORITY_TITLE } from "@/lib/shared/alarms/priority";
import { STATUS_NAME } from "@/lib/shared/alarms/format";
import type { AlarmFilters } from "@/lib/shared/alarms/query";

interface Chip {
  id: string;
  label: string;
  value: string;
  remove: (keyof AlarmFilters)[];
}

export function activeFilterChips(filters: AlarmFilters, zone = "UTC"): Chip[] {
  const chips: Chip[] = [];
  const add = (key: keyof AlarmFilters, label: string, value: string | undefined) => {
    if (value !== undefined) chips.push({ id: key, label, value, remove: [key] });
  };
  add("status", "Status", filters.status && STATUS_NAME[filters.status]);
  add(
    "priority_label",
    "Priority",
    filters.priority_label && PRIORITY_TITLE[filters.priority_label],
  );
  add(
    "suppressed",
    "Suppressed",
    filters.suppressed === undefined ? undefined : filters.suppressed ? "yes" : "no",
  );
  add("rule_strategy", "Strategy", filters.rule_strategy);
  add("rule_method", "Method", filters.rule_method);
  add("rule_intent", "Intent", filters.rule_intent);
  add("alarm_sensor_sources", "Sensor", filters.alarm_sensor_sources);
  if (filters.range) {
    chips.push({
      id: "time",
      label: "Occurred",
      value: rangeName(filters.range),
      remove: ["range"],
    });
  }
  const { timestamp_occured_gte: gte, timestamp_occured_lte: lte } = filters;
  if (gte !== undefined || lte !== undefined) {
    chips.push({
      id: "time",
      label: "Occurred",
      value: `${gte !== undefined ? formatTime(gte, zone) : "…"} → ${lte !== undefined ? formatTime(lte, zone) : "now"}`,
      remove: ["timestamp_occured_gte", "timestamp_occured_lte"],
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
            onClick={() => {
              const next = { ...filters };
              for (const key of chip.remove) delete next[key];
              onChange(next);
            }}
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
