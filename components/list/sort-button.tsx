"use client";
// Sorting by column headers: a real <button> inside the <th>; the <th> carries aria-sort.

import type { AlarmListQuery, SortField } from "@/lib/shared/alarms/query";

/** Times and priority read best newest / highest first; words read best A to Z. */
const DESC_FIRST: ReadonlySet<SortField> = new Set([
  "timestamp_occured",
  "timestamp_received",
  "priority",
]);

export function nextSort(
  current: AlarmListQuery["sort"],
  field: SortField,
): AlarmListQuery["sort"] {
  if (current.field === field) {
    return { field, direction: current.direction === "asc" ? "desc" : "asc" };
  }
  return { field, direction: DESC_FIRST.has(field) ? "desc" : "asc" };
}

/** How a column reads the list's order; `inverse`: it reads its field the other way (Age). */
export function ariaSort(
  sort: AlarmListQuery["sort"],
  fields: readonly SortField[],
  inverse = false,
): "ascending" | "descending" | "none" {
  if (!fields.includes(sort.field)) return "none";
  return (sort.direction === "asc") !== inverse ? "ascending" : "descending";
}

export function SortButton({
  field,
  label,
  sort,
  onSort,
  inverse = false,
}: {
  field: SortField;
  label: string;
  sort: AlarmListQuery["sort"];
  onSort: (sort: AlarmListQuery["sort"]) => void;
  /** The header reads `field` the other way: its arrow says the column's order, not the field's. */
  inverse?: boolean;
}) {
  const active = sort.field === field;
  const arrow = active ? ((sort.direction === "asc") !== inverse ? "▲" : "▼") : "↕";
  return (
    <button
      type="button"
      onClick={() => onSort(nextSort(sort, field))}
      className={`inline-flex items-center gap-1 rounded px-0.5 font-semibold hover:text-slate-950 dark:hover:text-white ${
        active ? "text-slate-950 dark:text-white" : ""
      }`}
      title={`Sort by ${label.toLowerCase()}`}
    >
      {label}
      <span
        aria-hidden="true"
        className={`text-[9px] ${active ? "text-blue-700 dark:text-blue-400" : "text-slate-500 dark:text-slate-400"}`}
      >
        {arrow}
      </span>
    </button>
  );
}
