"use client";

import { useRowOpener } from "@/components/alarms/use-list-chrome";
import Link from "next/link";
import { endpointLabel } from "@/lib/shared/alarms/format";
import { detailPath } from "@/lib/shared/alarms/paths";
import type { AlarmSummary, Endpoint } from "@/lib/shared/alarms/types";
import { TZ_KEY } from "@/lib/shared/alarms/url-state";
import { UTC } from "@/lib/shared/alarms/time-zone";
import { PriorityBadge, StatusBadge, SuppressedMarker } from "@/components/ui/badges";
import { TimeText } from "@/components/ui/time-text";

// The merged queue's rows: from sm up a table, below sm a card per alarm (both in the HTML, CSS
// shows the one that fits, as the list does). Each row links to the alarm in its own deployment.

export const MERGED_TABLE_LABEL = "Alarms of all deployments";

/** The alarm's detail in its own deployment, in the zone the queue is read in. */
export function mergedDetailHref(alarm: AlarmSummary, tz: string): string {
  const path = detailPath(alarm.deployment, alarm.uuid);
  return tz === UTC ? path : `${path}?${new URLSearchParams({ [TZ_KEY]: tz })}`;
}

function Peer({ endpoints }: { endpoints: Endpoint[] }) {
  const first = endpoints[0];
  if (!first) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  const more = endpoints.length - 1;
  return (
    <span
      className="min-w-0 truncate"
      title={endpoints
        .map((e) => [endpointLabel(e), e.address].filter(Boolean).join(" "))
        .join("\n")}
    >
      {endpointLabel(first)}
      {more > 0 ? <span className="text-slate-500 dark:text-slate-400"> +{more}</span> : null}
    </span>
  );
}

function Peers({ alarm }: { alarm: AlarmSummary }) {
  return (
    <span className="flex min-w-0 items-baseline gap-1.5">
      <Peer endpoints={alarm.sources} />
      <span aria-hidden="true" className="shrink-0 text-slate-500">
        →
      </span>
      <span className="sr-only">to</span>
      <Peer endpoints={alarm.destinations} />
    </span>
  );
}

function RuleName({ alarm }: { alarm: AlarmSummary }) {
  const { rule } = alarm;
  return (
    <>
      {rule.strategy ?? rule.id ?? "Unnamed rule"}
      {rule.method ? (
        <span className="font-normal text-slate-600 dark:text-slate-300"> / {rule.method}</span>
      ) : null}
    </>
  );
}

function DeploymentName({ name }: { name: string }) {
  return (
    <span className="inline-block max-w-full truncate rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
      {name}
    </span>
  );
}

export function MergedTable({
  alarms,
  names,
  tz,
  busy,
}: {
  alarms: AlarmSummary[];
  /** Deployment key -> name. */
  names: ReadonlyMap<string, string>;
  tz: string;
  busy: boolean;
}) {
  const nameOf = (key: string) => names.get(key) ?? key;

  const openRow = useRowOpener();

  return (
    <>
      <div className="panel hidden overflow-x-auto sm:block">
        <table
          aria-label={MERGED_TABLE_LABEL}
          aria-busy={busy}
          data-alarm-rows // what j / k walk (components/alarms/use-list-keyboard.ts)
          className={`w-full table-fixed border-collapse text-left text-[13px] transition-opacity ${busy ? "opacity-60" : ""}`}
        >
          <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="w-24 px-2 py-1.5 font-semibold">
                Deployment
              </th>
              <th scope="col" className="w-[6.5rem] px-2 py-1.5 font-semibold">
                Priority
              </th>
              <th scope="col" className="w-24 px-2 py-1.5 font-semibold">
                Status
              </th>
              <th scope="col" className="px-2 py-1.5 font-semibold">
                Rule
              </th>
              <th scope="col" className="hidden w-64 px-2 py-1.5 font-semibold lg:table-cell">
                Sources → Destinations
              </th>
              <th scope="col" className="w-28 px-2 py-1.5 font-semibold xl:w-52">
                Occurred
              </th>
            </tr>
          </thead>
          <tbody>
            {alarms.map((alarm) => {
              const href = mergedDetailHref(alarm, tz);
              return (
                <tr
                  key={`${alarm.deployment}/${alarm.uuid}`}
                  data-alarm-row={alarm.uuid}
                  data-deployment={alarm.deployment}
                  onClick={(event) => openRow(event, href)}
                  className="cursor-pointer border-b border-slate-100 align-middle last:border-b-0 hover:bg-slate-50 focus-within:bg-blue-50 dark:border-slate-800 dark:hover:bg-slate-800/50 dark:focus-within:bg-blue-950/50"
                >
                  <td className="px-2 py-1.5">
                    <DeploymentName name={nameOf(alarm.deployment)} />
                  </td>
                  <td className="px-2 py-1.5">
                    <PriorityBadge priority={alarm.priority} label={alarm.priorityLabel} />
                  </td>
                  <td className="px-2 py-1.5">
                    <div className="flex flex-col items-start gap-0.5">
                      <StatusBadge status={alarm.status} />
                      {alarm.suppressed ? <SuppressedMarker /> : null}
                    </div>
                  </td>
                  <td className="px-2 py-1.5">
                    <div className="min-w-0">
                      <div className="line-clamp-2 xl:line-clamp-none xl:truncate">
                        <Link
                          href={href}
                          prefetch={false}
                          data-row-link
                          className="font-medium text-blue-800 hover:underline dark:text-blue-300"
                        >
                          <RuleName alarm={alarm} />
                        </Link>
                      </div>
                      <div className="truncate text-xs text-slate-500 dark:text-slate-400">
                        {alarm.rule.intent ?? "No intent"}
                      </div>
                    </div>
                  </td>
                  <td className="hidden px-2 py-1.5 text-xs lg:table-cell">
                    <Peers alarm={alarm} />
                  </td>
                  <td className="px-2 py-1.5">
                    <TimeText
                      ms={alarm.occurredAt}
                      className="inline-block max-w-[12ch] font-mono text-xs [overflow-wrap:anywhere] xl:max-w-none"
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ol
        aria-label={MERGED_TABLE_LABEL}
        aria-busy={busy}
        data-alarm-rows
        className={`flex flex-col gap-2 transition-opacity sm:hidden ${busy ? "opacity-60" : ""}`}
      >
        {alarms.map((alarm) => {
          const href = mergedDetailHref(alarm, tz);
          return (
            <li key={`${alarm.deployment}/${alarm.uuid}`} data-alarm-card={alarm.uuid}>
              <Link
                href={href}
                prefetch={false}
                data-row-link
                className="panel block px-3 py-2.5 hover:border-slate-300 hover:bg-slate-50 focus-visible:bg-blue-50 dark:hover:border-slate-700 dark:hover:bg-slate-800/60 dark:focus-visible:bg-blue-950/50"
              >
                <span className="flex flex-wrap items-center gap-1.5">
                  <DeploymentName name={nameOf(alarm.deployment)} />
                  <PriorityBadge priority={alarm.priority} label={alarm.priorityLabel} />
                  <StatusBadge status={alarm.status} />
                  {alarm.suppressed ? <SuppressedMarker /> : null}
                </span>
                <span className="mt-1.5 line-clamp-2 text-sm font-medium text-blue-800 dark:text-blue-300">
                  <RuleName alarm={alarm} />
                </span>
                <span className="mt-1 block text-xs text-slate-700 dark:text-slate-300">
                  <Peers alarm={alarm} />
                </span>
                <span className="mt-1 block text-slate-600 dark:text-slate-400">
                  <TimeText ms={alarm.occurredAt} className="font-mono text-xs" />
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </>
  );
}
