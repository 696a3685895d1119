"use client";
// The alarm list below md: a card per alarm, the same rows and links as the table's.

import Link from "next/link";
import { endpointLabel, formatCount, usersText } from "@/lib/shared/alarms/format";
import type { AlarmSummary, Endpoint } from "@/lib/shared/alarms/types";
import { PriorityBadge, StatusBadge, SuppressedMarker } from "@/components/ui/badges";
import { TriageCell } from "@/components/triage/triage-cell";
import { TimeText } from "@/components/ui/time-text";
import { DeploymentName, endpointsTitle, rowKey, type RowMark } from "./alarm-columns";
import type { useRowPrefetch } from "./use-row-prefetch";

function Peer({ endpoints }: { endpoints: Endpoint[] }) {
  const first = endpoints[0];
  if (!first) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  const more = endpoints.length - 1;
  return (
    <span className="min-w-0 truncate" title={endpointsTitle(endpoints)}>
      {endpointLabel(first)}
      {more > 0 ? <span className="text-slate-500 dark:text-slate-400"> +{more}</span> : null}
    </span>
  );
}

/**
 * One card per alarm (its deployment in a list of several, priority, status, rule, source →
 * destination, time), each a real link to the alarm with the href the table's row uses. Same
 * rows, same order, same link marker (data-row-link), so j / k and Enter work as in the table.
 */
export function AlarmCards({
  alarms,
  detailHref,
  label,
  busy,
  prefetch,
  marks,
  deploymentName,
}: {
  alarms: AlarmSummary[];
  detailHref: (alarm: AlarmSummary) => string;
  label: string;
  busy: boolean;
  prefetch: ReturnType<typeof useRowPrefetch>;
  marks?: ReadonlyMap<string, RowMark>;
  deploymentName?: (key: string) => string;
}) {
  return (
    <ol
      aria-label={label}
      aria-busy={busy}
      data-alarm-rows // what j / k walk (use-list-keyboard.ts)
      className={`flex flex-col gap-2 transition-opacity md:hidden ${busy ? "opacity-60" : ""}`}
    >
      {alarms.map((alarm) => {
        const href = detailHref(alarm);
        const { rule } = alarm;
        const users = usersText(alarm);
        return (
          <li
            key={rowKey(alarm)}
            data-alarm-card={alarm.uuid}
            data-live-mark={marks?.get(alarm.uuid)}
          >
            <Link
              href={href}
              prefetch={false}
              data-row-link
              onPointerEnter={() => prefetch.hover(alarm, href)}
              onPointerLeave={prefetch.cancel}
              onFocus={() => prefetch.now(alarm, href)}
              className="panel block px-3 py-2.5 hover:border-slate-300 hover:bg-slate-50 focus-visible:bg-blue-50 dark:hover:border-slate-700 dark:hover:bg-slate-800/60 dark:focus-visible:bg-blue-950/50"
            >
              <span className="flex flex-wrap items-center gap-1.5">
                {deploymentName ? <DeploymentName name={deploymentName(alarm.deployment)} /> : null}
                <PriorityBadge priority={alarm.priority} label={alarm.priorityLabel} />
                <StatusBadge status={alarm.status} />
                {alarm.suppressed ? <SuppressedMarker /> : null}
                <TriageCell alarm={alarm} quiet />
                <span className="ml-auto font-mono text-xs text-slate-600 tabular-nums dark:text-slate-400">
                  {formatCount(alarm.eventsTotal)} {alarm.eventsTotal === 1 ? "event" : "events"}
                </span>
              </span>
              <span className="mt-1.5 line-clamp-2 text-sm font-medium text-blue-800 dark:text-blue-300">
                {rule.strategy ?? rule.id ?? "Unnamed rule"}
                {rule.method ? (
                  <span className="font-normal text-slate-700 dark:text-slate-300">
                    {" "}
                    / {rule.method}
                  </span>
                ) : null}
              </span>
              <span className="mt-1 flex min-w-0 items-baseline gap-1.5 text-xs text-slate-700 dark:text-slate-300">
                <Peer endpoints={alarm.sources} />
                <span aria-hidden="true" className="shrink-0 text-slate-500">
                  →
                </span>
                <span className="sr-only">to</span>
                <Peer endpoints={alarm.destinations} />
              </span>
              {users ? (
                <span className="mt-1 block truncate font-mono text-xs text-slate-700 dark:text-slate-300">
                  <span className="sr-only">User: </span>
                  {users}
                </span>
              ) : null}
              <span className="mt-1 block text-slate-600 dark:text-slate-400">
                <TimeText ms={alarm.occurredAt} className="font-mono text-xs" />
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
