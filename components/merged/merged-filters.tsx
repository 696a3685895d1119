"use client";

import { useId } from "react";
import { PRIORITY_NAME, STATUS_NAME } from "@/lib/shared/alarms/format";
import {
  type AlarmFilters,
  PRIORITY_LABELS,
  RANGES,
  type RangeId,
  STATUSES,
} from "@/lib/shared/alarms/query";
import { rangeName } from "@/lib/shared/alarms/time-range";
import type { DeploymentInfo } from "@/lib/shared/deployments/types";

// The merged queue's compact filters: which deployment, status, priority and a rolling time
// range. The rest of the list's filters still apply when a link carries them (chips show them).

const SEVERAL = "(several)";

function Select({
  label,
  value,
  onChange,
  children,
  selectRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
  selectRef?: React.Ref<HTMLSelectElement>;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        ref={selectRef}
        id={id}
        className="control w-36"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {children}
      </select>
    </div>
  );
}

export function MergedFilters({
  visible,
  deployments,
  filters,
  onDeployments,
  onFilters,
  deploymentRef,
}: {
  visible: readonly DeploymentInfo[];
  /** The keys the view names; empty = all. */
  deployments: readonly string[];
  filters: AlarmFilters;
  onDeployments: (keys: string[]) => void;
  onFilters: (filters: AlarmFilters) => void;
  deploymentRef?: React.Ref<HTMLSelectElement>;
}) {
  const rangeLabel = useId();
  const deploymentValue =
    deployments.length === 0 ? "" : deployments.length === 1 ? deployments[0]! : SEVERAL;
  const absolute =
    filters.timestamp_occured_gte !== undefined || filters.timestamp_occured_lte !== undefined;

  function setRange(range: RangeId | undefined) {
    const {
      range: _range,
      timestamp_occured_gte: _gte,
      timestamp_occured_lte: _lte,
      ...rest
    } = filters;
    onFilters(range ? { ...rest, range } : rest);
  }

  return (
    <div
      role="search"
      aria-label="Filters"
      className="panel flex flex-wrap items-end gap-x-4 gap-y-2 px-3 py-2"
    >
      <Select
        label="Deployment"
        value={deploymentValue}
        selectRef={deploymentRef}
        onChange={(value) => {
          if (value !== SEVERAL) onDeployments(value ? [value] : []);
        }}
      >
        <option value="">All</option>
        {visible.map((deployment) => (
          <option key={deployment.key} value={deployment.key}>
            {deployment.name}
          </option>
        ))}
        {deploymentValue === SEVERAL ? (
          <option value={SEVERAL}>
            {deployments
              .map((key) => visible.find((deployment) => deployment.key === key)?.name ?? key)
              .join(", ")}
          </option>
        ) : null}
      </Select>
      <Select
        label="Status"
        value={filters.status ?? ""}
        onChange={(value) => {
          const { status: _status, ...rest } = filters;
          onFilters(value ? { ...rest, status: value as (typeof STATUSES)[number] } : rest);
        }}
      >
        <option value="">Any status</option>
        {STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_NAME[status]}
          </option>
        ))}
      </Select>
      <Select
        label="Priority"
        value={filters.priority_label ?? ""}
        onChange={(value) => {
          const { priority_label: _priority, ...rest } = filters;
          onFilters(
            value ? { ...rest, priority_label: value as (typeof PRIORITY_LABELS)[number] } : rest,
          );
        }}
      >
        <option value="">Any priority</option>
        {PRIORITY_LABELS.map((label) => (
          <option key={label} value={label}>
            {PRIORITY_NAME[label]}
          </option>
        ))}
      </Select>
      <div className="flex flex-col gap-0.5">
        <span id={rangeLabel} className="field-label">
          Occurred
        </span>
        <div role="group" aria-labelledby={rangeLabel} className="flex flex-wrap gap-1">
          {RANGES.map((range) => (
            <button
              key={range}
              type="button"
              className="btn"
              aria-pressed={filters.range === range}
              title={rangeName(range)}
              onClick={() => setRange(range)}
            >
              {range}
            </button>
          ))}
          <button
            type="button"
            className="btn"
            aria-pressed={filters.range === undefined && !absolute}
            title="Any time"
            onClick={() => setRange(undefined)}
          >
            any
          </button>
        </div>
      </div>
    </div>
  );
}
