"use client";
// Who has the alarm, on its triage panel: take it, release it, or give it to a teammate.

import { displayName, type Teammate } from "@/lib/shared/triage/types";
import { ActionButton } from "./action-button";
import { nameWithHandle, TeammateSelect } from "./teammate-select";
import type { WriteTriage } from "./use-triage-write";

export function OwnerControls({
  owner,
  me,
  loaded,
  teammates,
  names,
  busy,
  write,
}: {
  owner: string | null;
  me: string | null;
  /** The alarm's triage is read: until then only "Owner: nobody" shows. */
  loaded: boolean;
  teammates: readonly Teammate[] | undefined;
  names: Record<string, string>;
  busy: boolean;
  write: WriteTriage;
}) {
  const mine = owner !== null && owner === me;
  // `from` is who the analyst saw holding it: the server refuses the change if that is no longer so.
  const give = (to: string | null, from: string | null) =>
    write({ part: "/owner", method: "PUT", body: { owner: to, from } });
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-sm" data-triage-owner={owner ?? ""}>
      <span className="text-slate-600 dark:text-slate-400">Owner:</span>
      <span className="font-medium">
        {owner ? displayName(owner, names) + (mine ? " (you)" : "") : "nobody"}
      </span>
      {loaded && me && !mine ? (
        <ActionButton className="btn-primary" disabled={busy} onClick={() => give(me, owner)}>
          Take it
        </ActionButton>
      ) : null}
      {loaded && mine ? (
        <ActionButton disabled={busy} onClick={() => give(null, me)}>
          Release
        </ActionButton>
      ) : null}
      {loaded && teammates ? (
        <TeammateSelect
          label="Assign to a teammate"
          teammates={teammates.filter((mate) => mate.handle !== owner)}
          disabled={busy}
          optionText={nameWithHandle}
          onChoose={(handle) => give(handle, owner)}
        />
      ) : null}
    </div>
  );
}
