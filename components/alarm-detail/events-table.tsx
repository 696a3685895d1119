import { Fragment } from "react";
import { formatCount } from "@/lib/alarms/format";
import type { AlarmEvent } from "@/lib/alarms/types";
import { TimeText } from "@/components/ui/time-text";

const dash = <span className="text-slate-500 dark:text-slate-400">—</span>;

function Peer({ peer }: { peer: AlarmEvent["source"] }) {
  if (!peer.address && !peer.hostname) return dash;
  return (
    <span className="font-mono whitespace-nowrap" title={peer.hostname ?? undefined}>
      {peer.address ?? peer.hostname}
      {peer.port !== null ? <span className="text-slate-500">:{peer.port}</span> : null}
    </span>
  );
}

/** "Showing 10 of 2,431 events: the service keeps the first and the last 9." */
export function eventsCountText(shown: number, total: number): string {
  if (total <= shown) return `All ${formatCount(shown)} ${shown === 1 ? "event" : "events"}.`;
  return `Showing ${formatCount(shown)} of ${formatCount(total)} events: the service keeps the first and the last ${formatCount(Math.max(0, shown - 1))}.`;
}

/** The events the service kept, each with its raw log behind a disclosure. */
export function EventsTable({ events, total }: { events: AlarmEvent[]; total: number }) {
  const omitted = Math.max(0, total - events.length);
  return (
    <section aria-labelledby="events-heading" className="panel min-w-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <h2 id="events-heading" className="text-sm font-semibold">
          Events
        </h2>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {eventsCountText(events.length, total)}
        </p>
      </div>
      {events.length === 0 ? (
        <p className="px-3 py-3 text-xs text-slate-500">
          The service kept no events for this alarm.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table
            className="w-full border-collapse text-left text-xs"
            aria-labelledby="events-heading"
          >
            <thead className="bg-slate-50 text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
              <tr>
                {["Time", "Event", "Category", "Severity", "Source → destination", "Plugin"].map(
                  (column) => (
                    <th
                      key={column}
                      scope="col"
                      className="px-3 py-1.5 font-semibold whitespace-nowrap"
                    >
                      {column}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {events.map((event, index) => (
                <Fragment key={event.uuid ?? index}>
                  <tr className="border-t border-slate-100 align-top dark:border-slate-800">
                    <td className="px-3 pt-1.5 whitespace-nowrap">
                      <TimeText ms={event.occurredAt} className="font-mono" />
                    </td>
                    <td className="px-3 pt-1.5 font-medium">{event.name ?? dash}</td>
                    <td className="px-3 pt-1.5">
                      {event.category ?? dash}
                      {event.subcategory ? (
                        <span className="text-slate-500"> / {event.subcategory}</span>
                      ) : null}
                    </td>
                    <td className="px-3 pt-1.5">{event.severity ?? dash}</td>
                    <td className="px-3 pt-1.5">
                      <Peer peer={event.source} /> <span aria-label="to">→</span>{" "}
                      <Peer peer={event.destination} />
                    </td>
                    <td className="px-3 pt-1.5">
                      {event.plugin ?? dash}
                      {event.pluginDevice ? (
                        <span className="text-slate-500"> / {event.pluginDevice}</span>
                      ) : null}
                    </td>
                  </tr>
                  <tr>
                    <td colSpan={6} className="px-3 pt-0.5 pb-1.5">
                      {event.log ? (
                        <details className="group">
                          <summary className="cursor-pointer text-[11px] text-blue-800 select-none dark:text-blue-300">
                            Raw log
                          </summary>
                          <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-50 p-2 font-mono text-[11px] break-all whitespace-pre-wrap dark:bg-slate-950">
                            {event.log}
                          </pre>
                        </details>
                      ) : (
                        <span className="text-[11px] text-slate-500 dark:text-slate-400">
                          No raw log kept
                        </span>
                      )}
                    </td>
                  </tr>
                  {index === 0 && omitted > 0 && events.length > 1 ? (
                    <tr className="border-t border-dashed border-slate-300 dark:border-slate-700">
                      <td
                        colSpan={6}
                        className="px-3 py-1.5 text-center text-[11px] text-slate-500 italic"
                      >
                        {formatCount(omitted)} events in between were not kept by USM Anywhere
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
