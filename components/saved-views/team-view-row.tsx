"use client";
// A teammate's shared view in the Views menu: open it, or make it (or stop making it) the
// analyst's own default of its kind.

import { useState } from "react";
import { asApiError } from "@/lib/shared/queries/query-options";
import { defaultNote } from "./use-saved-views";
import { RowError, type ViewRowProps } from "./row-parts";

export function TeamViewRow({ view, state, open }: ViewRowProps) {
  const [error, setError] = useState<string | null>(null);
  const toggle = () => {
    setError(null);
    state.setDefault(view.id, !view.isDefault).catch((caught: unknown) => {
      setError(asApiError(caught).message);
    });
  };
  return (
    <li className="flex flex-col">
      <div className="flex items-center gap-1">
        <button
          type="button"
          className="min-w-0 flex-1 rounded px-2 py-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
          onClick={() => open(view)}
        >
          <span className="block truncate font-medium">{view.name}</span>
          <span className="block text-slate-600 dark:text-slate-400">
            by {view.ownerName}
            {view.isDefault ? ` · ${defaultNote(view)}` : ""}
          </span>
        </button>
        <button
          type="button"
          className="btn h-6 shrink-0 px-1.5"
          disabled={state.busy}
          onClick={toggle}
          aria-label={`${view.isDefault ? "Stop using as default" : "Make default"}: ${view.name}`}
        >
          {view.isDefault ? "Default ✓" : "Make default"}
        </button>
      </div>
      <RowError error={error} />
    </li>
  );
}
