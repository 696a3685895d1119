"use client";
// The close dialog of a list's focused row (the key c): the detail's close form, for the alarm
// the row shows, written through the alarm's own route (the list's triage is read again after).

import { useState } from "react";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import type { ApiError } from "@/lib/shared/core/errors";
import { VERDICTS, VERDICT_NAMES } from "@/lib/shared/triage/types";
import { CloseForm } from "./close-form";
import { ModalDialog } from "./modal-dialog";
import { useTriageWrite } from "./use-triage-write";

export function RowCloseDialog({
  alarm,
  onDone,
}: {
  alarm: AlarmSummary;
  /** The dialog is gone: with what to say when the alarm was closed. */
  onDone: (said?: string) => void;
}) {
  const { write, busy } = useTriageWrite(alarm.deployment, alarm.uuid);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  return (
    <ModalDialog open onClose={() => onDone()} title="Close this alarm for the team" label="close">
      <CloseForm
        verdicts={VERDICTS}
        deployment={alarm.deployment}
        self={alarm.uuid}
        busy={busy}
        refusal={refusal}
        submitLabel="Close the alarm"
        onCancel={() => onDone()}
        onSubmit={(body) => {
          setRefusal(null);
          write(
            { part: "/closed", method: "PUT", body },
            () => onDone(`Closed as ${VERDICT_NAMES[body.verdict].toLowerCase()}.`),
            setRefusal,
          );
        }}
      />
    </ModalDialog>
  );
}
