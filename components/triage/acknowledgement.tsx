"use client";
// Whether the alarm was acknowledged and by whom, on its triage panel: acknowledge it, or undo that.

import { TimeText } from "@/components/ui/time-text";
import { displayName, type AlarmTriage } from "@/lib/shared/triage/types";
import { ActionButton } from "./action-button";
import type { WriteTriage } from "./use-triage-write";

export function Acknowledgement({
  triage,
  names,
  busy,
  write,
}: {
  /** Undefined until the alarm's triage is read. */
  triage: AlarmTriage | undefined;
  names: Record<string, string>;
  busy: boolean;
  write: WriteTriage;
}) {
  const acknowledge = (acknowledged: boolean) =>
    write({ part: "/acknowledged", method: "PUT", body: { acknowledged } });
  return (
    <div
      className="flex flex-wrap items-center gap-1.5 text-sm"
      data-triage-acknowledged={triage?.acknowledged ? "true" : "false"}
    >
      {triage?.acknowledged ? (
        <>
          <span className="font-medium text-emerald-700 dark:text-emerald-400">✓ Acknowledged</span>
          <span className="text-slate-600 dark:text-slate-400">
            by {displayName(triage.acknowledged.by, names)},{" "}
            <TimeText ms={triage.acknowledged.at} className="font-mono text-xs" />
          </span>
          {/* A closed alarm stays acknowledged until it is reopened. */}
          {triage.closed ? null : (
            <ActionButton disabled={busy} onClick={() => acknowledge(false)}>
              Undo
            </ActionButton>
          )}
        </>
      ) : triage ? (
        <ActionButton aria-keyshortcuts="a" disabled={busy} onClick={() => acknowledge(true)}>
          Acknowledge
        </ActionButton>
      ) : null}
    </div>
  );
}
