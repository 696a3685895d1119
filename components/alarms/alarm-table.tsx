"use client";

import { flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import type { AlarmListQuery } from "@/lib/alarms/query";
import type { ListView } from "@/lib/alarms/url-state";
import type { AlarmSummary } from "@/lib/alarms/types";
import { detailHrefsFor } from "@/lib/alarms/url-state";
import { alarmColumns } from "./alarm-columns";
import { SortButton, ariaSort } from "./sort-button";
import { useRowPrefetch } from "./use-row-prefetch";

export const TABLE_ID = "alarm-table";

/** The alarm table: real table semantics, sortable headers, rows that are (real) links. */
export function AlarmTable({
  alarms,
  view,
  total,
  busy,
  onSort,
}: {
  alarms: AlarmSummary[];
  view: ListView;
  total: number;
  busy: boolean;
  onSort: (sort: AlarmListQuery["sort"]) => void;
}) {
  const router = useRouter();
  const prefetch = useRowPrefetch();
  const { query } = view;
  const detailHref = useMemo(() => detailHrefsFor(view), [view]);
  // react-table rebuilds its instance every render; nothing below relies on memoizing it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: alarms,
    columns: alarmColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (alarm) => alarm.uuid,
    manualSorting: true,
    manualPagination: true,
    meta: useMemo(() => ({ detailHref }), [detailHref]),
  });

  function openRow(event: React.MouseEvent<HTMLTableRowElement>, href: string) {
    const target = event.target as HTMLElement;
    // Links and buttons inside the row do their own thing; selecting text is not a click.
    if (target.closest("a, button, input, select, summary")) return;
    if (window.getSelection()?.toString()) return;
    if (event.metaKey || event.ctrlKey || event.button === 1) {
      window.open(href, "_blank", "noopener");
      return;
    }
    router.push(href);
  }

  return (
    <div className="panel overflow-x-auto">
      <table
        id={TABLE_ID}
        aria-busy={busy}
        aria-label="Alarms"
        aria-rowcount={total + 1}
        className={`w-full border-collapse text-left text-[13px] transition-opacity ${busy ? "opacity-60" : ""}`}
      >
        <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
          {table.getHeaderGroups().map((group) => (
            <tr
              key={group.id}
              aria-rowindex={1}
              className="border-b border-slate-200 dark:border-slate-700"
            >
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const fields = meta?.sortFields ?? [];
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      fields.length
                        ? ariaSort(
                            query.sort,
                            fields.map((f) => f.field),
                          )
                        : undefined
                    }
                    className={`px-2 py-1.5 font-semibold whitespace-nowrap ${meta?.className ?? ""}`}
                  >
                    {fields.length === 0
                      ? flexRender(header.column.columnDef.header, header.getContext())
                      : fields.map((sortField, index) => (
                          <span key={sortField.field}>
                            {index > 0 ? (
                              <span aria-hidden="true" className="px-0.5 text-slate-400">
                                /
                              </span>
                            ) : null}
                            <SortButton
                              field={sortField.field}
                              label={sortField.label}
                              sort={query.sort}
                              onSort={onSort}
                            />
                          </span>
                        ))}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row, index) => {
            const href = detailHref(row.original.uuid);
            return (
              <tr
                key={row.id}
                aria-rowindex={query.page * query.size + index + 2}
                data-alarm-row={row.original.uuid}
                onClick={(event) => openRow(event, href)}
                onPointerEnter={() => prefetch.hover(row.original.uuid, href)}
                onPointerLeave={prefetch.cancel}
                onFocus={() => prefetch.now(row.original.uuid, href)}
                className="cursor-pointer border-b border-slate-100 align-middle last:border-b-0 hover:bg-slate-50 focus-within:bg-blue-50 dark:border-slate-800 dark:hover:bg-slate-800/50 dark:focus-within:bg-blue-950/50"
              >
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-2 py-1.5 ${cell.column.columnDef.meta?.className ?? ""}`}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
