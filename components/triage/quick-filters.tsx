"use client";
// "Open for the team", "Mine", "Unowned", "Not acknowledged": one press puts the term in the search (and the link);
// pressed again, takes it out. Beside them, "Select" for the bulk actions.

import { preloadBulkBar } from "./lazy-bulk-bar";
import { SelectToggle } from "./selection";
import { QUICK_FILTERS, hasTerm, toggleQuickFilter } from "@/lib/shared/triage/quick-filters";

export function TriageQuickFilters({
  q,
  onSearch,
}: {
  q: string | undefined;
  onSearch: (q: string | undefined) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Team triage">
      {QUICK_FILTERS.map((filter) => (
        <button
          key={filter.id}
          type="button"
          className="btn text-xs"
          aria-pressed={hasTerm(q, filter.term)}
          title={`Search ${filter.term}`}
          onClick={() => onSearch(toggleQuickFilter(q, filter))}
        >
          {filter.label}
        </button>
      ))}
      <span
        aria-hidden="true"
        className="mx-1 h-5 border-l border-slate-300 dark:border-slate-600"
      />
      <SelectToggle onIntent={preloadBulkBar} />
    </div>
  );
}
