// The team's trail, one row an action, newest first: when, who, what in words, where, and the
// alarm it was done to (a link to its detail in the console). A table on wide screens; on a phone
// each row wraps into three short lines (when, who and what kind; what happened; where).

import Link from "next/link";
import { TimeText } from "@/components/ui/time-text";
import { detailPath } from "@/lib/shared/alarms/paths";
import { ACTIVITY_ACTION_NAMES, type ActivityEvent } from "@/lib/shared/triage/audit";
import { activityText } from "@/lib/shared/triage/event-text";
import { displayName } from "@/lib/shared/triage/types";

export interface ActivityTableProps {
  events: ActivityEvent[];
  names: Record<string, string>;
  /** Deployment names by key ("all": every deployment). */
  deployments: Record<string, string>;
}

const HEADERS = ["When", "Analyst", "Action", "What happened", "Deployment", "Alarm"];

const cell = "px-2 py-1.5 align-baseline max-md:px-0 max-md:py-0";

export function ActivityTable({ events, names, deployments }: ActivityTableProps) {
  return (
    <table className="w-full border-collapse text-sm max-md:block" data-activity-table>
      <thead className="max-md:sr-only">
        <tr className="border-b border-slate-200 text-left text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
          {HEADERS.map((header) => (
            <th key={header} scope="col" className="px-2 py-1.5 font-medium">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:block">
        {events.map((event) => (
          <tr
            key={event.id}
            data-activity-row={event.id}
            className="border-b border-slate-100 max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-2 max-md:py-2 dark:border-slate-800"
          >
            <td
              className={`${cell} font-mono text-xs whitespace-nowrap text-slate-500 dark:text-slate-400`}
            >
              <TimeText ms={event.at} />
            </td>
            <td className={`${cell} font-medium`}>{displayName(event.analyst, names)}</td>
            <td className={`${cell} text-xs text-slate-600 dark:text-slate-300`}>
              {ACTIVITY_ACTION_NAMES[event.action] ?? event.action}
            </td>
            <td className={`${cell} max-md:basis-full`}>{activityText(event, names)}</td>
            <td className={`${cell} text-slate-600 dark:text-slate-300`}>
              {deployments[event.deployment] ?? event.deployment}
            </td>
            <td className={`${cell} font-mono text-xs`}>
              {event.uuid ? (
                <Link
                  href={detailPath(event.deployment, event.uuid)}
                  className="text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
                  aria-label={`Open alarm ${event.uuid}`}
                >
                  {event.uuid.slice(0, 8)}…
                </Link>
              ) : (
                <span className="text-slate-400 dark:text-slate-500">—</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
