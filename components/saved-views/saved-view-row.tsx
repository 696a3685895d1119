"use client";
// One of the analyst's own saved views in the Views menu: open it, or rename, repoint, share or
// unshare, make it their default, or delete it (after asking).

import { useState } from "react";
import { asApiError } from "@/lib/shared/queries/query-options";
import { currentView, defaultNote } from "./use-saved-views";
import { RowError, type ViewRowProps } from "./row-parts";
import { ViewNameForm } from "./view-name-form";

type Mode = "closed" | "actions" | "rename" | "delete";

const ITEM =
  "rounded px-2 py-1 text-left hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800";

export function SavedViewRow({ view, state, open }: ViewRowProps) {
  const [mode, setMode] = useState<Mode>("closed");
  const [error, setError] = useState<string | null>(null);

  async function act(work: () => Promise<unknown>) {
    setError(null);
    try {
      await work();
      setMode("closed");
    } catch (caught) {
      setError(asApiError(caught).message);
    }
  }

  return (
    <li className="flex flex-col">
      <div className="flex items-center gap-1">
        <button type="button" className={`${ITEM} min-w-0 flex-1`} onClick={() => open(view)}>
          <span className="block truncate font-medium">{view.name}</span>
          {view.shared || view.isDefault ? (
            <span className="block text-slate-600 dark:text-slate-400">
              {[view.shared && "Shared with the team", view.isDefault && defaultNote(view)]
                .filter(Boolean)
                .join(" · ")}
            </span>
          ) : null}
        </button>
        <button
          type="button"
          className="btn h-6 px-1.5"
          aria-expanded={mode !== "closed"}
          aria-label={`Change ${view.name}`}
          title={`Change ${view.name}`}
          onClick={() => setMode(mode === "closed" ? "actions" : "closed")}
        >
          <span aria-hidden="true">⋯</span>
        </button>
      </div>
      {mode === "actions" ? (
        <div className="ml-2 flex flex-col" role="group" aria-label={`Change ${view.name}`}>
          <button type="button" className={ITEM} onClick={() => setMode("rename")}>
            Rename…
          </button>
          <button
            type="button"
            className={ITEM}
            disabled={state.busy}
            onClick={() => void act(() => state.change(view.id, { view: currentView() }))}
          >
            Update to this view
          </button>
          <button
            type="button"
            className={ITEM}
            disabled={state.busy}
            onClick={() => void act(() => state.change(view.id, { shared: !view.shared }))}
          >
            {view.shared ? "Stop sharing" : "Share with the team"}
          </button>
          <button
            type="button"
            className={ITEM}
            disabled={state.busy}
            onClick={() => void act(() => state.setDefault(view.id, !view.isDefault))}
          >
            {view.isDefault ? "Stop using as default" : "Make default"}
          </button>
          <button type="button" className={ITEM} onClick={() => setMode("delete")}>
            Delete…
          </button>
        </div>
      ) : mode === "rename" ? (
        <ViewNameForm
          initialName={view.name}
          withShare={false}
          submitLabel="Rename"
          onSubmit={(name) => state.change(view.id, { name }).then(() => setMode("closed"))}
          onCancel={() => setMode("closed")}
        />
      ) : mode === "delete" ? (
        <div className="ml-2 flex items-center gap-1 p-1" role="group" aria-label="Confirm delete">
          <span className="flex-1">Delete &ldquo;{view.name}&rdquo;?</span>
          <button type="button" className="btn-secondary" onClick={() => setMode("closed")}>
            Cancel
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={state.busy}
            onClick={() => void act(() => state.remove(view.id))}
          >
            Delete
          </button>
        </div>
      ) : null}
      <RowError error={error} />
    </li>
  );
}
