"use client";

import type { ColumnDef, RowData } from "@tanstack/react-table";
import Link from "next/link";
import { endpointLabel, formatCount, formatDelay } from "@/lib/shared/alarms/format";
import { detailPath } from "@/lib/shared/alarms/paths";
import type { SortField } from "@/lib/shared/alarms/query";
import type { AlarmSummary, Endpoint } from "@/lib/shared/alarms/types";
import { PriorityBadge, StatusBadge, SuppressedMarker } from "@/components/ui/badges";
import { TimeText } from "@/components/ui/time-text";
import type { ColumnId } from "./view-preferences";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generic is react-table's
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The API sort fields this column's header offers, in order. */
    sortFields?: readonly { field: SortField; label: string }[];
    /**
     * Classes for th and td: width, alignment, hiding on narrow screens. The table's layout is
     * fixed: every column but the rule has a width, and the rule takes what is left, so the
     * table fits its box at every width from md up (1024 px included) instead of overflowing.
     */
    className?: string;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generic is react-table's
  interface TableMeta<TData extends RowData> {
    detailHref: (uuid: string) => string;
  }
}

function EndpointsCell({ endpoints }: { endpoints: Endpoint[] }) {
  const first = endpoints[0];
  if (!first) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  const label = endpointLabel(first);
  const address = first.address && first.address !== label ? first.address : null;
  const more = endpoints.length - 1;
  return (
    <div
      className="min-w-0"
      title={endpoints
        .map((e) => [endpointLabel(e), e.address].filter(Boolean).join(" "))
        .join("\n")}
    >
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
        <div className="truncate font-mono text-[11px] text-slate-500 dark:text-slate-400">
          {address}
        </div>
      ) : null}
    </div>
  );
}

/** Every column, in the default order (COLUMN_IDS; view-preferences.test.ts checks they agree). */
export const alarmColumns: (ColumnDef<AlarmSummary> & { id: ColumnId })[] = [
  {
    id: "priority",
    header: "Priority",
    meta: { sortFields: [{ field: "priority", label: "Priority" }], className: "w-[6.5rem]" },
    cell: ({ row }) => (
      <PriorityBadge priority={row.original.priority} label={row.original.priorityLabel} />
    ),
  },
  {
    id: "status",
    header: "Status",
    meta: { sortFields: [{ field: "status", label: "Status" }], className: "w-24" },
    cell: ({ row }) => (
      <div className="flex flex-col items-start gap-0.5">
        <StatusBadge status={row.original.status} />
        {row.original.suppressed ? <SuppressedMarker /> : null}
      </div>
    ),
  },
  {
    id: "rule",
    header: "Rule",
    enableHiding: false, // it holds the row's link (see ALWAYS_VISIBLE)
    meta: {
      sortFields: [
        { field: "rule_strategy", label: "Strategy" },
        { field: "rule_method", label: "Method" },
        { field: "rule_intent", label: "Intent" },
      ],
    },
    cell: ({ row, table }) => {
      const { rule, uuid } = row.original;
      return (
        <div className="min-w-0">
          {/* Below xl the rows have three lines anyway (Occurred): the rule may use two. */}
          <div
            className="line-clamp-2 xl:line-clamp-none xl:truncate"
            title={[rule.strategy, rule.method].filter(Boolean).join(" / ")}
          >
            <Link
              href={
                table.options.meta?.detailHref(uuid) ?? detailPath(row.original.deployment, uuid)
              }
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
            className="truncate text-xs text-slate-500 dark:text-slate-400"
            title={[rule.intent, rule.attackId, rule.attackTechnique].filter(Boolean).join(" · ")}
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
    },
  },
  {
    id: "sources",
    header: "Sources",
    meta: { className: "w-36 lg:w-40 xl:w-48" },
    cell: ({ row }) => <EndpointsCell endpoints={row.original.sources} />,
  },
  {
    id: "destinations",
    header: "Destinations",
    meta: { className: "hidden w-40 lg:table-cell xl:w-48" },
    cell: ({ row }) => <EndpointsCell endpoints={row.original.destinations} />,
  },
  {
    id: "occurred",
    header: "Occurred",
    meta: {
      sortFields: [
        { field: "timestamp_occured", label: "Occurred" },
        { field: "timestamp_received", label: "Received" },
      ],
      // Below xl the time takes two lines (date, then time and zone) to leave the rule room.
      className: "w-28 xl:w-52",
    },
    cell: ({ row }) => {
      const { occurredAt, receivedAt } = row.original;
      const delay = formatDelay(occurredAt, receivedAt);
      return (
        <div>
          <TimeText
            ms={occurredAt}
            className="inline-block max-w-[12ch] font-mono text-xs [overflow-wrap:anywhere] xl:max-w-none"
          />
          {delay ? (
            // Below xl the word goes (the header says Received) so "+1 min 36 s" fits.
            <div
              className="truncate text-[11px] text-slate-500 dark:text-slate-400"
              title={`Received ${delay.replace(/^\+/, "")} after it occurred`}
            >
              <span className="sr-only xl:not-sr-only">received </span>
              {delay}
            </div>
          ) : null}
        </div>
      );
    },
  },
  {
    id: "events",
    header: "Events",
    meta: { className: "w-16 text-right" },
    cell: ({ row }) => (
      <span className="font-mono text-xs tabular-nums">
        {formatCount(row.original.eventsTotal)}
      </span>
    ),
  },
];
