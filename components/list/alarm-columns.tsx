"use client";
// The alarm table's columns: what each cell shows, in comfortable (two lines) and compact (one).

import Link from "next/link";
import type { ReactNode } from "react";
import { endpointLabel, formatCount, formatDelay, usersText } from "@/lib/shared/alarms/format";
import type { SortField } from "@/lib/shared/alarms/query";
import type { AlarmSummary, Endpoint } from "@/lib/shared/alarms/types";
import { PriorityBadge, StatusBadge, SuppressedMarker } from "@/components/ui/badges";
import { TimeText } from "@/components/ui/time-text";
import { TriageCell } from "@/components/triage/triage-cell";
import { AgeCell } from "./age-cell";
import { COLUMN_LAYOUT, DEPLOYMENT_COLUMN, type LayoutColumnId } from "./column-layout";
import type { ColumnId, ViewPreferences } from "./view-preferences";

/** A row the live queue marks for a moment: just shown, or its status just changed. */
export type RowMark = "new" | "changed";

// A column is its layout, the sort fields its header offers and how it draws a row's cell: all
// the table needs, since it only shows, hides and orders columns (sorting and paging are the
// API's). Our own few lines rather than a table library, whose core would come with every
// feature it has to the list's first load.

export interface AlarmColumn<Id extends LayoutColumnId = LayoutColumnId> {
  id: Id;
  header: string;
  /** Classes for th and td (./column-layout.ts). */
  className: string;
  /**
   * The API sort fields this column's header offers, in order (when the list sorts). `inverse`:
   * the column reads the field the other way (Age is the occurred time, youngest first).
   */
  sortFields: readonly { field: SortField; label: string; inverse?: true }[];
  /** The cell of `alarm`'s row, whose link leads to `href`. */
  cell: (alarm: AlarmSummary, href: string) => ReactNode;
}

/** A column's id, header and classes from its layout, and how it draws a cell. */
function column<Id extends LayoutColumnId>(
  id: Id,
  cell: AlarmColumn<Id>["cell"],
  sortFields: AlarmColumn<Id>["sortFields"] = [],
): AlarmColumn<Id> {
  const { label, className } = COLUMN_LAYOUT[id];
  return { id, header: label, className, sortFields, cell };
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
    (alarm) => <PriorityBadge priority={alarm.priority} label={alarm.priorityLabel} />,
    [{ field: "priority", label: "Priority" }],
  ),
  column(
    "status",
    (alarm) => (
      <div className="flex flex-col items-start gap-0.5 compact:flex-row compact:items-center compact:gap-1">
        <StatusBadge status={alarm.status} />
        {alarm.suppressed ? <SuppressedMarker short /> : null}
      </div>
    ),
    [{ field: "status", label: "USM status" }],
  ),
  // Never hidden: it holds the row's link (see ALWAYS_VISIBLE).
  column("rule", (alarm, href) => <RuleCell alarm={alarm} href={href} />, [
    { field: "rule_strategy", label: "Strategy" },
    { field: "rule_method", label: "Method" },
    { field: "rule_intent", label: "Intent" },
  ]),
  column("sources", (alarm) => <EndpointsCell endpoints={alarm.sources} />),
  column("destinations", (alarm) => <EndpointsCell endpoints={alarm.destinations} />),
  column("users", (alarm) => <UsersCell alarm={alarm} />),
  column("occurred", (alarm) => <OccurredCell alarm={alarm} />, [
    { field: "timestamp_occured", label: "Occurred" },
    { field: "timestamp_received", label: "Received" },
  ]),
  column("age", (alarm) => <AgeCell ms={alarm.occurredAt} />, [
    { field: "timestamp_occured", label: "Age", inverse: true },
  ]),
  column("events", (alarm) => (
    <span className="font-mono text-xs tabular-nums">{formatCount(alarm.eventsTotal)}</span>
  )),
  column("owner", (alarm) => <TriageCell alarm={alarm} />),
];

/** A row's key in any list: an alarm's uuid is unique within its deployment only. */
export const rowKey = (alarm: AlarmSummary) => `${alarm.deployment}/${alarm.uuid}`;

const byId = new Map(alarmColumns.map((c) => [c.id, c]));

/** The columns `view` shows, in its order: every column once, but those the analyst hid. */
export function shownColumns(
  view: Pick<ViewPreferences, "columnOrder" | "columnVisibility">,
): AlarmColumn<ColumnId>[] {
  return view.columnOrder.flatMap((id) =>
    view.columnVisibility[id] === false ? [] : (byId.get(id) ?? []),
  );
}

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
  return column(DEPLOYMENT_COLUMN, (alarm) => <DeploymentName name={nameOf(alarm.deployment)} />);
}
