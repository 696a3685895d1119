"use client";
// Every list's filter bar: its deployments (a list of several), then the alarms' own filters.

import { STATUS_NAME } from "@/lib/shared/alarms/format";
import { FILTERABLE_PRIORITIES, PRIORITY_TITLE } from "@/lib/shared/alarms/priority";
import { type AlarmFilters, STATUS_FILTERS, paramParsers } from "@/lib/shared/alarms/query";
import { FiltersDisclosure } from "./filters-disclosure";
import { MultiSelectFilter } from "./multi-select-filter";
import { DeploymentFilter, SelectFilter } from "./select-filter";
import { methodsFor, type Suggestions } from "./suggestions";
import { MultiTextFilter } from "./text-filter";
import { TimeRangeFilter } from "./time-range-filter";

/** The known intents, by name, and the URL's own if they are not (yet) among them. */
function intentOptions(known: string[], current: readonly string[] | undefined) {
  const names = new Set([...known, ...(current ?? [])]);
  return [...names]
    .sort((a, b) => a.localeCompare(b))
    .map((name) => ({ value: name, label: name }));
}

const sensorProblem = (value: string) =>
  paramParsers.alarm_sensor_sources(value).ok ? null : "Enter a sensor uuid";

/**
 * Every change replaces the filters (the list then starts again: page 1, the newest alarms).
 * Each filter but Suppressed and the time takes several values (any of them). In a list of
 * several deployments every filter applies to each of them. Below md the bar folds behind one
 * button.
 */
export function FiltersBar({
  filters,
  zone,
  resolved,
  suggestions,
  onChange,
  deployments,
}: {
  filters: AlarmFilters;
  zone: string;
  resolved: { gte: number | null; lte: number | null } | undefined;
  suggestions: Suggestions;
  onChange: (filters: AlarmFilters) => void;
  /** A list of several deployments: which of them it shows. */
  deployments?: React.ComponentProps<typeof DeploymentFilter>;
}) {
  const set = <K extends keyof AlarmFilters>(key: K, value: AlarmFilters[K] | undefined) => {
    const next = { ...filters };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };

  return (
    <FiltersDisclosure filters={filters}>
      <form
        role="search"
        aria-label="Filter alarms"
        className="flex flex-wrap items-start gap-x-2 gap-y-2"
        onSubmit={(event) => event.preventDefault()}
      >
        {deployments ? <DeploymentFilter {...deployments} /> : null}
        <MultiSelectFilter
          // USM's status, never the team's state (the Team column, the quick filters).
          label="USM status"
          values={filters.status}
          anyLabel="Any status"
          options={STATUS_FILTERS.map((status) => ({ value: status, label: STATUS_NAME[status] }))}
          onChange={(value) => set("status", value)}
        />
        <MultiSelectFilter
          label="Priority"
          values={filters.priority_label}
          anyLabel="Any priority"
          options={FILTERABLE_PRIORITIES.map((label) => ({
            value: label,
            label: PRIORITY_TITLE[label],
          }))}
          onChange={(value) => set("priority_label", value)}
        />
        <SelectFilter
          label="Suppressed"
          value={
            filters.suppressed === undefined ? undefined : filters.suppressed ? "true" : "false"
          }
          anyLabel="Any"
          options={[
            { value: "false", label: "Not suppressed" },
            { value: "true", label: "Suppressed only" },
          ]}
          onChange={(value) =>
            set("suppressed", value === undefined ? undefined : value === "true")
          }
        />
        <MultiTextFilter
          label="Strategy"
          name="rule_strategy"
          values={filters.rule_strategy}
          suggestions={suggestions.strategies}
          onChange={(value) => set("rule_strategy", value)}
          className="w-36"
        />
        <MultiTextFilter
          label="Method"
          name="rule_method"
          values={filters.rule_method}
          suggestions={methodsFor(suggestions, filters.rule_strategy)}
          onChange={(value) => set("rule_method", value)}
        />
        <MultiSelectFilter
          label="Intent"
          values={filters.rule_intent}
          anyLabel="Any intent"
          className="w-36"
          options={intentOptions(suggestions.intents, filters.rule_intent)}
          onChange={(value) => set("rule_intent", value)}
        />
        <MultiTextFilter
          label="Sensor"
          name="alarm_sensor_sources"
          values={filters.alarm_sensor_sources}
          suggestions={suggestions.sensors}
          validate={sensorProblem}
          onChange={(value) => set("alarm_sensor_sources", value)}
          placeholder="uuid, or a part"
          className="w-36"
          mono
        />
        <TimeRangeFilter
          value={{
            range: filters.range,
            gte: filters.timestamp_occured_gte,
            lte: filters.timestamp_occured_lte,
          }}
          zone={zone}
          resolved={resolved}
          onChange={({ range, gte, lte }) => {
            const next = {
              ...filters,
              range,
              timestamp_occured_gte: gte,
              timestamp_occured_lte: lte,
            };
            if (range === undefined) delete next.range;
            if (gte === undefined) delete next.timestamp_occured_gte;
            if (lte === undefined) delete next.timestamp_occured_lte;
            onChange(next);
          }}
        />
      </form>
    </FiltersDisclosure>
  );
}
