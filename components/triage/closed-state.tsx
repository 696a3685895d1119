"use client";
// A closed alarm on its triage panel, in plain view: "Closed · False positive by Alice, 3 min ago",
// the reason, the original a duplicate points to, where USM's label stands (./label-state.tsx),
// and Reopen.

import Link from "next/link";
import type { ReactNode } from "react";
import { useNow } from "@/components/live/use-live-view";
import { formatRelative, isoTime } from "@/lib/shared/alarms/format";
import { detailPath } from "@/lib/shared/alarms/paths";
import { VERDICT_NAMES, displayName, type AlarmClosed } from "@/lib/shared/triage/types";
import { ActionButton } from "./action-button";

export function ClosedState({
  closed,
  labelState,
  deployment,
  names,
  busy,
  onReopen,
}: {
  closed: AlarmClosed;
  /** Where the verdict's USM label stands (./label-state.tsx). */
  labelState: ReactNode;
  deployment: string;
  names: Record<string, string>;
  busy: boolean;
  onReopen: () => void;
}) {
  const now = useNow(30_000);
  return (
    <div
      className="flex flex-col gap-1 rounded border border-slate-300 bg-slate-50 px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800/60"
      data-triage-closed={closed.verdict}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <p className="min-w-0 flex-1">
          {/* The team's state: USM's own status stays in the alarm's header, as USM says it. */}
          <span className="font-semibold" title="Closed for the team (USM's status is its own)">
            Closed · {VERDICT_NAMES[closed.verdict]}
          </span>
          {closed.duplicateOf ? (
            <>
              {" of "}
              <Link
                className="font-mono text-xs underline"
                href={detailPath(deployment, closed.duplicateOf)}
                data-duplicate-of
              >
                {closed.duplicateOf}
              </Link>
            </>
          ) : null}{" "}
          <span className="text-slate-600 dark:text-slate-400">
            by {displayName(closed.by, names)},{" "}
            <time dateTime={isoTime(closed.at)} suppressHydrationWarning>
              {formatRelative(Math.min(closed.at, now), now)}
            </time>
          </span>
        </p>
        <ActionButton disabled={busy} onClick={onReopen}>
          Reopen
        </ActionButton>
      </div>
      {closed.reason ? (
        <p className="whitespace-pre-wrap break-words" data-close-reason>
          {closed.reason}
        </p>
      ) : null}
      {labelState}
    </div>
  );
}
