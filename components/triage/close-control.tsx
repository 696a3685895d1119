"use client";
// "Close…" on an open alarm's triage panel: the close form in a dialog. The dialog closes once the
// server has the verdict; a refusal is shown in the form, with everything typed kept.

import { useState } from "react";
import type { ApiError } from "@/lib/shared/core/errors";
import { VERDICTS } from "@/lib/shared/triage/types";
import { ActionButton } from "./action-button";
import { CloseForm } from "./close-form";
import { ModalDialog } from "./modal-dialog";
import type { WriteTriage } from "./use-triage-write";

export function CloseControl({
  deployment,
  uuid,
  open,
  onOpen,
  busy,
  write,
}: {
  deployment: string;
  uuid: string;
  /** The dialog is open (the panel holds it, for its key). */
  open: boolean;
  onOpen: (open: boolean) => void;
  busy: boolean;
  write: WriteTriage;
}) {
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  // A new form (empty) after each close that succeeded; the same one, as typed, otherwise.
  const [draft, setDraft] = useState(0);
  return (
    <>
      <ActionButton
        className="btn-primary"
        disabled={busy}
        aria-haspopup="dialog"
        aria-keyshortcuts="c"
        onClick={() => onOpen(true)}
      >
        Close…
      </ActionButton>
      <ModalDialog
        open={open}
        onClose={() => onOpen(false)}
        title="Close this alarm for the team"
        label="close"
      >
        <CloseForm
          key={draft}
          verdicts={VERDICTS}
          deployment={deployment}
          self={uuid}
          busy={busy}
          refusal={refusal}
          submitLabel="Close the alarm"
          onCancel={() => onOpen(false)}
          onSubmit={(body) => {
            setRefusal(null);
            write(
              { part: "/closed", method: "PUT", body },
              () => {
                onOpen(false);
                setDraft((n) => n + 1);
              },
              setRefusal,
            );
          }}
        />
      </ModalDialog>
    </>
  );
}
