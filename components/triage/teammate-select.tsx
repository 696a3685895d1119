"use client";
// "Assign to…": a select of teammates, for one alarm (the triage panel) and for many (the bulk bar).

import type { Teammate } from "@/lib/shared/triage/types";

/** A teammate as the panel offers them: the name, and the handle when it differs. */
export function nameWithHandle(mate: Teammate): string {
  return mate.name === mate.handle ? mate.handle : `${mate.name} (${mate.handle})`;
}

/** Nothing when there is nobody to offer; choosing a teammate calls `onChoose` with their handle. */
export function TeammateSelect({
  label,
  teammates,
  disabled,
  onChoose,
  optionText = (mate) => mate.name,
}: {
  label: string;
  teammates: readonly Teammate[];
  disabled: boolean;
  onChoose: (handle: string) => void;
  optionText?: (mate: Teammate) => string;
}) {
  if (teammates.length === 0) return null;
  return (
    <select
      aria-label={label}
      className="rounded border border-slate-300 bg-white px-1.5 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
      value=""
      disabled={disabled}
      onChange={(event) => {
        if (event.target.value) onChoose(event.target.value);
      }}
    >
      <option value="">Assign to…</option>
      {teammates.map((mate) => (
        <option key={mate.handle} value={mate.handle}>
          {optionText(mate)}
        </option>
      ))}
    </select>
  );
}
