"use client";
// Who has the alarm, on its triage panel: take it, release it, or give it to a teammate. A
// teammate's alarm is taken over only once the analyst said so ("Take over from Alice?").

import { displayName, type Teammate } from "@/lib/shared/triage/types";
import { ActionButton } from "./action-button";
import { ModalDialog } from "./modal-dialog";
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
  asking,
  onAsk,
}: {
  owner: string | null;
  me: string | null;
  /** The alarm's triage is read: until then only "Owner: nobody" shows. */
  loaded: boolean;
  teammates: readonly Teammate[] | undefined;
  names: Record<string, string>;
  busy: boolean;
  write: WriteTriage;
  /** The take-over's question is open (the panel holds it, for its key). */
  asking: boolean;
  onAsk: (asking: boolean) => void;
}) {
  const mine = owner !== null && owner === me;
  const holder = owner && !mine ? displayName(owner, names) : null;
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
        <ActionButton
          className={holder ? "btn" : "btn-primary"}
          disabled={busy}
          aria-keyshortcuts="t"
          aria-haspopup={holder ? "dialog" : undefined}
          onClick={() => (holder ? onAsk(true) : give(me, owner))}
        >
          {holder ? `Take over from ${holder}` : "Take it"}
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
      <ModalDialog
        open={asking && holder !== null}
        onClose={() => onAsk(false)}
        title={`Take over from ${holder ?? ""}?`}
        label="take-over"
      >
        <p className="text-sm">
          {holder} has this alarm now. It becomes yours, and {holder} sees that you took it.
        </p>
        <div className="mt-3 flex justify-end gap-2">
          <ActionButton onClick={() => onAsk(false)}>Cancel</ActionButton>
          <ActionButton
            className="btn-primary"
            disabled={busy}
            onClick={() => {
              onAsk(false);
              if (me) give(me, owner);
            }}
          >
            Take over
          </ActionButton>
        </div>
      </ModalDialog>
    </div>
  );
}
