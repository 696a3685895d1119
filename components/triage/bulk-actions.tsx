"use client";
// The bulk bar's action buttons: take, release, (un)acknowledge, assign, close with a verdict,
// reopen, or add a note to the alarms chosen. Each asks for confirmation first
// (./bulk-confirm.tsx).

import { useState } from "react";
import { NOTE_MAX_CHARS, VERDICT_NAMES, type Teammate } from "@/lib/shared/triage/types";
import { ActionButton } from "./action-button";
import type { BulkAction } from "./bulk-write";
import { CloseForm } from "./close-form";
import { ModalDialog } from "./modal-dialog";
import { TeammateSelect } from "./teammate-select";

/** The label says the button; the verb starts the confirmation ("Release 12 alarms?"). */
const ACTIONS: readonly { label: string; verb: string; action: BulkAction }[] = [
  { label: "Release", verb: "Release", action: { type: "owner", owner: null } },
  {
    label: "Acknowledge",
    verb: "Acknowledge",
    action: { type: "acknowledged", acknowledged: true },
  },
  {
    label: "Unacknowledge",
    verb: "Take back the acknowledgement of",
    action: { type: "acknowledged", acknowledged: false },
  },
  { label: "Reopen", verb: "Reopen", action: { type: "reopen" } },
];

/**
 * A bulk close says what the alarms were; "duplicate" is left out (many alarms of a view are
 * rarely duplicates of one, and that one is named alarm by alarm on its detail).
 */
const BULK_VERDICTS = ["true_positive", "false_positive", "benign"] as const;

export function BulkActions({
  me,
  teammates,
  busy,
  note,
  onNote,
  start,
}: {
  /** The analyst's handle once known: "Take" waits for it. */
  me: string | undefined;
  teammates: readonly Teammate[] | undefined;
  busy: boolean;
  note: string;
  onNote: (text: string) => void;
  start: (action: BulkAction, verb: string) => void;
}) {
  const [closing, setClosing] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <ActionButton disabled={busy} aria-haspopup="dialog" onClick={() => setClosing(true)}>
        Close…
      </ActionButton>
      <ModalDialog
        open={closing}
        onClose={() => setClosing(false)}
        title="Close the chosen alarms for the team"
        label="bulk-close"
      >
        <CloseForm
          verdicts={BULK_VERDICTS}
          deployment=""
          self={null}
          busy={busy}
          refusal={null}
          submitLabel="Continue"
          onCancel={() => setClosing(false)}
          onSubmit={({ verdict, reason }) => {
            setClosing(false);
            start(
              { type: "close", verdict, reason },
              `Close as ${VERDICT_NAMES[verdict].toLowerCase()}:`,
            );
          }}
        />
      </ModalDialog>
      {me ? (
        <ActionButton disabled={busy} onClick={() => start({ type: "owner", owner: me }, "Take")}>
          Take
        </ActionButton>
      ) : null}
      {ACTIONS.map(({ label, verb, action }) => (
        <ActionButton key={label} disabled={busy} onClick={() => start(action, verb)}>
          {label}
        </ActionButton>
      ))}
      {teammates ? (
        <TeammateSelect
          label="Assign the chosen alarms to"
          teammates={teammates}
          disabled={busy}
          onChoose={(handle) => start({ type: "owner", owner: handle }, `Assign to ${handle}`)}
        />
      ) : null}
      <input
        aria-label="A note for the chosen alarms"
        placeholder="A note for all of them"
        className="min-w-48 flex-1 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
        value={note}
        maxLength={NOTE_MAX_CHARS}
        onChange={(event) => onNote(event.target.value)}
      />
      <ActionButton
        disabled={busy || !note.trim()}
        onClick={() => start({ type: "note", text: note }, "Add the note to")}
      >
        Add note
      </ActionButton>
    </div>
  );
}
