"use client";
// The bulk bar's confirmation: the action and how many alarms it will touch, with the range a whole
// view is frozen to and the deployments the index does not wholly hold over it.

import { formatCount } from "@/lib/shared/alarms/format";
import { TimeText } from "@/components/ui/time-text";
import { ActionButton } from "./action-button";
import type { PendingBulk } from "./bulk-write";

export function BulkConfirm({
  pending,
  chosen,
  busy,
  onConfirm,
  onCancel,
}: {
  pending: PendingBulk;
  /** How many rows are chosen (a whole view says its own count). */
  chosen: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const counted = "counted" in pending.target ? pending.target.counted : null;
  const count = counted ? counted.count : chosen;
  const frozen = counted ? new URLSearchParams(counted.view) : null;
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded bg-amber-50 px-2 py-1.5 text-amber-950 dark:bg-amber-950/50 dark:text-amber-100"
      role="alertdialog"
      aria-label="Confirm the bulk action"
      data-bulk-confirm
    >
      <span>
        {pending.label} {formatCount(count)} {count === 1 ? "alarm" : "alarms"}
        {frozen ? (
          <>
            {" "}
            occurred{" "}
            {frozen.get("timestamp_occured_gte") ? (
              <>
                from{" "}
                <TimeText
                  ms={Number(frozen.get("timestamp_occured_gte"))}
                  className="font-mono text-xs"
                />{" "}
              </>
            ) : null}
            up to{" "}
            <TimeText
              ms={Number(frozen.get("timestamp_occured_lte"))}
              className="font-mono text-xs"
            />
          </>
        ) : null}
        ?
        {counted?.missing ? (
          <> The index does not hold all of {counted.missing.join(", ")} over this range.</>
        ) : null}
      </span>
      <ActionButton className="btn-primary" disabled={busy || count === 0} onClick={onConfirm}>
        Confirm
      </ActionButton>
      <ActionButton onClick={onCancel}>Cancel</ActionButton>
    </div>
  );
}
