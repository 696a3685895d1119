"use client";
// The alarm table's columns: what each cell shows, in comfortable (two lines) and compact (one).

import type { ColumnDef, RowData } from "@tanstack/react-table";
import Link from "next/link";
import { endpointLabel, formatCount, formatDelay } from "@/lib/shared/alarms/format";
import type { SortField } from "@/lib/shared/alarms/query";
import type { AlarmSummary, Endpoint } from "@/lib/shared/alarms/types";
import { PriorityBadge, StatusBadge, SuppressedMarker } from "@/components/ui/badges";
import { TimeText } from "@/components/ui/time-text";
import { COLUMN_LAYOUT, DEPLOYMENT_COLUMN, type LayoutColumnId } from "./column-layout";
import type { ColumnId } from "./view-preferences";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generic is react-table's
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The API sort fields this column's header offers, in order (when the list sorts). */
    sortFields?: readonly { field: SortField; label: string }[];
    /** Classes for th and td (./column-layout.ts). */
    className?: string;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generic is react-table's
  interface TableMeta<TData extends RowData> {
    detailHref: (alarm: AlarmSummary) => string;
  }
}

type AlarmColumn<Id extends LayoutColumnId> = ColumnDef<AlarmSummary> & { id: Id };

/** A column's id, header and classes from its layout, and what it adds. */
function column<Id extends LayoutColumnId>(
  id: Id,
  rest: Omit<AlarmColumn<Id>, "id" | "header">,
  sortFields?: readonly { field: SortField; label: string }[],
): AlarmColumn<Id> {
  const { label, className } = COLUMN_LAYOUT[id];
  return { id, header: label, meta: { className, sortFields }, ...rest } as AlarmColumn<Id>;
}

/** Everything the endpoints hold, one a line: what a cut-off cell leaves out. */
export const endpointsTitle = (endpoints: Endpoint[]) =>
  endpoints.map((e) => [endpointLabel(e), e.address].filter(Boolean).join(" ")).join("\n");

function EndpointsCell({ endpoints }: { endpoints: Endpoint[] }) {
  const first = endpoints[0];
  if (!first) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  const label = endpointLabel(first);
  const address = first.address && first.address !== label ? first.address : null;
  const more = endpoints.length - 1;
  return (
    <div className="min-w-0" title={endpointsTitle(endpoints)}>
      <div className="flex min-w-0 items-baseline gap-1">
        <span className={`truncate ${label === first.address ? "font-mono text-xs" : ""}`}>
          {label}
        </span>
        {more > 0 ? (
          <span className="shrink-0 text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
            +{more} more
          </span>
        ) : null}
      </div>
      {address ? (
        <div className="truncate font-mono text-[11px] text-slate-500 compact:hidden dark:text-slate-400">
          {address}
        </div>
      ) : null}
    </div>
  );
}

function RuleCell({ alarm, href }: { alarm: AlarmSummary; href: string }) {
  const { rule } = alarm;
  const intent = [rule.intent, rule.attackId, rule.attackTechnique].filter(Boolean).join(" · ");
  return (
    // Compact: the rule, then as much of the intent as fits, on one line; the rule goes first
    // when there is room for only one (its title then says both).
    <div className="min-w-0 compact:flex compact:items-baseline compact:gap-2">
      {/* Below xl comfortable rows have three lines anyway (Occurred): the rule may use two. */}
      <div
        className="line-clamp-2 xl:line-clamp-none xl:truncate compact:max-w-full compact:shrink-0 compact:line-clamp-none compact:truncate"
        title={[[rule.strategy, rule.method].filter(Boolean).join(" / "), intent]
          .filter(Boolean)
          .join("\n")}
      >
        <Link
          href={href}
          prefetch={false}
          data-row-link
          className="font-medium text-blue-800 hover:underline dark:text-blue-300"
        >
          {rule.strategy ?? rule.id ?? "Unnamed rule"}
        </Link>
        {rule.method ? (
          <span className="text-slate-600 dark:text-slate-300"> / {rule.method}</span>
        ) : null}
      </div>
      <div
        className="truncate text-xs text-slate-500 compact:min-w-0 compact:flex-1 dark:text-slate-400"
        title={intent}
      >
        {rule.intent ?? "No intent"}
        {rule.attackId ? (
          <>
            {" · "}
            <span className="font-mono">{rule.attackId}</span>
            {rule.attackTechnique ? ` ${rule.attackTechnique}` : ""}
          </>
        ) : null}
      </div>
    </div>
  );
}

/** "j.doe → svc-backup": the user names an alarm carries, of its source and its destination. */
export function usersText(alarm: Pick<AlarmSummary, "sourceUsername" | "destinationUsername">) {
  const { sourceUsername: source, destinationUsername: destination } = alarm;
  if (source && destination) return `${source} → ${destination}`;
  return source ?? (destination ? `→ ${destination}` : null);
}

function UsersCell({ alarm }: { alarm: AlarmSummary }) {
  const text = usersText(alarm);
  if (!text) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <div className="truncate font-mono text-xs" title={text}>
      {text}
    </div>
  );
}

function OccurredCell({ alarm }: { alarm: AlarmSummary }) {
  const { occurredAt, receivedAt } = alarm;
  const delay = formatDelay(occurredAt, receivedAt);
  const received = delay ? `Received ${delay.replace(/^\+/, "")} after it occurred` : undefined;
  return (
    <div title={received}>
      <TimeText
        ms={occurredAt}
        className="inline-block max-w-[12ch] font-mono text-xs [overflow-wrap:anywhere] compact:max-w-none compact:whitespace-nowrap xl:max-w-none"
      />
      {delay ? (
        // Below xl the word goes (the header says Received) so "+1 min 36 s" fits.
        <div className="truncate text-[11px] text-slate-500 compact:hidden dark:text-slate-400">
          <span className="sr-only xl:not-sr-only">received </span>
          {delay}
        </div>
      ) : null}
    </div>
  );
}

/** Every column, in the default order (COLUMN_IDS; view-preferences.test.ts checks they agree). */
export const alarmColumns: AlarmColumn<ColumnId>[] = [
  column(
    "priority",
    {
      cell: ({ row }) => (
        <PriorityBadge priority={row.original.priority} label={row.original.priorityLabel} />
      ),
    },
    [{ field: "priority", label: "Priority" }],
  ),
  column(
    "status",
    {
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-0.5 compact:flex-row compact:items-center compact:gap-1">
          <StatusBadge status={row.original.status} />
          {row.original.suppressed ? <SuppressedMarker short /> : null}
        </div>
      ),
    },
    [{ field: "status", label: "Status" }],
  ),
  column(
    "rule",
    {
      enableHiding: false, // it holds the row's link (see ALWAYS_VISIBLE)
      cell: ({ row, table }) => (
        <RuleCell alarm={row.original} href={table.options.meta!.detailHref(row.original)} />
      ),
    },
    [
      { field: "rule_strategy", label: "Strategy" },
      { field: "rule_method", label: "Method" },
      { field: "rule_intent", label: "Intent" },
    ],
  ),
  column("sources", {
    cell: ({ row }) => <EndpointsCell endpoints={row.original.sources} />,
  }),
  column("destinations", {
    cell: ({ row }) => <EndpointsCell endpoints={row.original.destinations} />,
  }),
  column("users", { cell: ({ row }) => <UsersCell alarm={row.original} /> }),
  column("occurred", { cell: ({ row }) => <OccurredCell alarm={row.original} /> }, [
    { field: "timestamp_occured", label: "Occurred" },
    { field: "timestamp_received", label: "Received" },
  ]),
  column("events", {
    cell: ({ row }) => (
      <span className="font-mono text-xs tabular-nums">
        {formatCount(row.original.eventsTotal)}
      </span>
    ),
  }),
];

/** A deployment's name as a row or a card shows it. */
export function DeploymentName({ name }: { name: string }) {
  return (
    <span className="inline-block max-w-full truncate rounded bg-slate-100 px-1.5 py-0.5 align-middle text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
      {name}
    </span>
  );
}

/** The first column of a list of several deployments: always shown, never moved. */
export function deploymentColumn(nameOf: (key: string) => string): AlarmColumn<"deployment"> {
  return column(DEPLOYMENT_COLUMN, {
    enableHiding: false,
    cell: ({ row }) => <DeploymentName name={nameOf(row.original.deployment)} />,
  });
}
