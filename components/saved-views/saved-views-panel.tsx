"use client";
// The Views menu's panel: save this view, the analyst's own views, the team's shared ones.

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { asApiError } from "@/lib/shared/queries/query-options";
import type { SavedView } from "@/lib/shared/triage/saved-views";
import { SavedViewRow } from "./saved-view-row";
import { TeamViewRow } from "./team-view-row";
import { currentView, useSavedViews } from "./use-saved-views";
import { ViewNameForm } from "./view-name-form";

const NOTE = "px-2 py-1 text-slate-600 dark:text-slate-400";

export function SavedViewsPanel({ id, close }: { id: string; close: () => void }) {
  const router = useRouter();
  const state = useSavedViews();
  const [saving, setSaving] = useState(false);
  const mineId = useId();
  const teamId = useId();
  const { data, error } = state.views;

  const open = (view: SavedView) => {
    close();
    router.push(view.view);
  };

  let body;
  if (error) {
    const apiError = asApiError(error);
    body = (
      <p role="status" className={NOTE}>
        {apiError.code === "index_unavailable"
          ? "Saved views are unavailable for now: the console's database cannot be reached."
          : apiError.message}
      </p>
    );
  } else if (!data) {
    body = <p className={NOTE}>Loading saved views…</p>;
  } else {
    const mine = data.views.filter((view) => view.mine);
    const team = data.views.filter((view) => !view.mine);
    body = (
      <>
        <section aria-labelledby={mineId} className="flex flex-col">
          <h3 id={mineId} className="field-label px-2 pt-1">
            My views
          </h3>
          {mine.length === 0 ? <p className={NOTE}>None yet.</p> : null}
          <ul className="flex flex-col">
            {mine.map((view) => (
              <SavedViewRow key={view.id} view={view} state={state} open={open} />
            ))}
          </ul>
        </section>
        <section aria-labelledby={teamId} className="flex flex-col">
          <h3 id={teamId} className="field-label px-2 pt-1">
            Shared with the team
          </h3>
          {team.length === 0 ? <p className={NOTE}>None yet.</p> : null}
          <ul className="flex flex-col">
            {team.map((view) => (
              <TeamViewRow key={view.id} view={view} state={state} open={open} />
            ))}
          </ul>
        </section>
      </>
    );
  }

  return (
    <div
      id={id}
      className="panel absolute right-0 z-20 mt-1 flex max-h-[70vh] w-80 max-w-[calc(100vw-2rem)] flex-col gap-1 overflow-y-auto p-1 text-xs shadow-lg"
    >
      {saving ? (
        <ViewNameForm
          withShare
          submitLabel="Save"
          onSubmit={(name, shared) =>
            state.save({ name, view: currentView(), shared }).then(() => setSaving(false))
          }
          onCancel={() => setSaving(false)}
        />
      ) : (
        <button
          type="button"
          className="rounded px-2 py-1.5 text-left font-medium hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800"
          disabled={Boolean(error)}
          onClick={() => setSaving(true)}
        >
          Save this view…
        </button>
      )}
      {body}
    </div>
  );
}
