"use client";
// The filter bar's selects: one filter value out of a fixed few, and the deployments of a queue.

import { useEffect, useId, useRef } from "react";
import type { DeploymentInfo } from "@/lib/shared/deployments/types";

/** One filter value, or any ("" in the select). */
export function SelectFilter<T extends string>({
  label,
  value,
  options,
  anyLabel,
  onChange,
  className = "w-[6.5rem]",
}: {
  className?: string;
  label: string;
  value: T | undefined;
  options: readonly { value: T; label: string }[];
  anyLabel: string;
  onChange: (value: T | undefined) => void;
}) {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // A choice made in the server-rendered page before its scripts took over is kept: once
  // hydrated, a select showing something other than the URL's value is that choice.
  useEffect(() => {
    const shown = select.current?.value ?? "";
    if (shown !== (value ?? "")) onChange((shown || undefined) as T | undefined);
    // Only the first look after hydration can find such a choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        ref={select}
        id={id}
        className={`control ${className}`}
        value={value ?? ""}
        onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const SEVERAL = "(several)";

/**
 * Which deployments a list of several shows: all, or one. A link may name several; the select
 * then shows them as one choice (it cannot pick several itself).
 */
export function DeploymentFilter({
  visible,
  selected,
  onChange,
}: {
  visible: readonly DeploymentInfo[];
  /** The keys the view names; empty = all. */
  selected: readonly string[];
  onChange: (keys: string[]) => void;
}) {
  const several = selected.length > 1;
  const nameOf = (key: string) => visible.find((deployment) => deployment.key === key)?.name ?? key;
  const options = visible.map((deployment) => ({ value: deployment.key, label: deployment.name }));
  if (several) options.push({ value: SEVERAL, label: selected.map(nameOf).join(", ") });
  return (
    <SelectFilter
      label="Deployment"
      value={several ? SEVERAL : selected[0]}
      anyLabel="All"
      options={options}
      onChange={(value) => {
        if (value !== SEVERAL) onChange(value ? [value] : []);
      }}
    />
  );
}
