import { Fragment } from "react";
import { formatCount } from "@/lib/shared/alarms/format";
import type { AlarmEvent } from "@/lib/shared/alarms/types";
import { useProductName } from "@/components/deployments/deployment-context";
import { TimeText } from "@/components/ui/time-text";

const dash = <span className="text-slate-500 dark:text-slate-400">—</span>;

function Peer({ peer, wrap = false }: { peer: AlarmEvent["source"]; wrap?: boolean }) {
  if (!peer.address && !peer.hostname) return dash;
  return (
    <span
      className={`font-mono ${wrap ? "[overflow-wrap:anywhere]" : "whitespace-nowrap"}`}
      title={peer.hostname ?? undefined}
    >
      {peer.address ?? peer.hostname}
      {peer.port !== null ? <span className="text-slate-500">:{peer.port}</span> : null}
    </span>
  );
}

function Category({ event }: { event: AlarmEvent }) {
  return (
    <>
      {event.category ?? dash}
      {event.subcategory ? <span className="text-slate-500"> / {event.subcategory}</span> : null}
    </>
  );
}

function Plugin({ event }: { event: AlarmEvent }) {
  return (
    <>
      {event.plugin ?? dash}
      {event.pluginDevice ? <span className="text-slate-500"> / {event.pluginDevice}</span> : null}
    </>
  );
}

function RawLog({ log }: { log: string | null }) {
  if (!log) {
    return <span className="text-[11px] text-slate-500 dark:text-slate-400">No raw log kept</span>;
  }
  return (
    <details className="group">
      <summary className="cursor-pointer text-[11px] text-blue-800 select-none dark:text-blue-300">
        Raw log
      </summary>
      <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-50 p-2 font-mono text-[11px] break-all whitespace-pre-wrap dark:bg-slate-950">
        {log}
      </pre>
    </details>
  );
}

/** Below md: one block per event, its fields stacked, so a phone reads it without scrolling sideways. */
function StackedEvents({
  events,
  omitted,
  kindName,
}: {
  events: AlarmEvent[];
  omitted: number;
  kindName: string;
}) {
  return (
    <ol aria-labelledby="events-heading" className="md:hidden">
      {events.map((event, index) => (
        <li
          key={event.uuid ?? index}
          className={`border-slate-100 px-3 py-2 text-xs dark:border-slate-800 ${index > 0 ? "border-t" : ""} ${
            index === 1 && omitted > 0 ? "border-dashed border-slate-300 dark:border-slate-700" : ""
          }`}
        >
          {index === 1 && omitted > 0 ? (
            <p className="-mt-0.5 mb-2 text-center text-[11px] text-slate-500 italic">
              {/* Shorter than the table's note: a phone's line. */}
              {formatCount(omitted)} events not kept by {kindName}
            </p>
          ) : null}
          <TimeText ms={event.occurredAt} className="font-mono" />
          <p className="mt-0.5 font-medium break-words">{event.name ?? dash}</p>
          <p className="mt-0.5">
            <Peer peer={event.source} wrap /> <span aria-label="to">→</span>{" "}
            <Peer peer={event.destination} wrap />
          </p>
          <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
            <dt className="text-slate-500 dark:text-slate-400">Category</dt>
            <dd className="break-words">
              <Category event={event} />
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">Severity</dt>
            <dd>{event.severity ?? dash}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Plugin</dt>
            <dd className="break-words">
              <Plugin event={event} />
            </dd>
          </dl>
          <div className="mt-1">
            <RawLog log={event.log} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** "Showing 10 of 2,431 events: the service keeps the first and the last 9." */
export function eventsCountText(shown: number, total: number): string {
  if (total <= shown) return shown === 1 ? "1 event." : `All ${formatCount(shown)} events.`;
  return `Showing ${formatCount(shown)} of ${formatCount(total)} events: the service keeps the first and the last ${formatCount(Math.max(0, shown - 1))}.`;
}

/**
 * The events the service kept, each with its raw log behind a disclosure; where it says what the
 * service did not keep, it names it (USM Anywhere, USM Central).
 */
export function EventsTable({ events, total }: { events: AlarmEvent[]; total: number }) {
  const kindName = useProductName();
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
        <>
          <div className="hidden overflow-x-auto md:block">
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
                        <Category event={event} />
                      </td>
                      <td className="px-3 pt-1.5">{event.severity ?? dash}</td>
                      <td className="px-3 pt-1.5">
                        <Peer peer={event.source} /> <span aria-label="to">→</span>{" "}
                        <Peer peer={event.destination} />
                      </td>
                      <td className="px-3 pt-1.5">
                        <Plugin event={event} />
                      </td>
                    </tr>
                    <tr>
                      <td colSpan={6} className="px-3 pt-0.5 pb-1.5">
                        <RawLog log={event.log} />
                      </td>
                    </tr>
                    {index === 0 && omitted > 0 && events.length > 1 ? (
                      <tr className="border-t border-dashed border-slate-300 dark:border-slate-700">
                        <td
                          colSpan={6}
                          className="px-3 py-1.5 text-center text-[11px] text-slate-500 italic"
                        >
                          {formatCount(omitted)} events in between were not kept by {kindName}
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          {/* After the table: "the first raw log" in DOM order is the table's, as before. */}
          <StackedEvents events={events} omitted={omitted} kindName={kindName} />
        </>
      )}
    </section>
  );
}
