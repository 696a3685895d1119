"use client";

import { useRowOpener } from "./use-list-chrome";
import { useDeployment } from "@/components/deployments/deployment-context";
import {
  flexRender,
  functionalUpdate,
  getCoreRowModel,
  useReactTable,
} from "@tanstack/react-table";
import { Fragment, useMemo } from "react";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import type { ListView } from "@/lib/shared/alarms/url-state";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { detailHrefsFor } from "@/lib/shared/alarms/url-state";
import { AlarmCards } from "./alarm-cards";
import { alarmColumns } from "./alarm-columns";
import { ColumnChooser } from "./column-chooser";
import { DensityToggle } from "./density-toggle";
import { SortButton, ariaSort } from "./sort-button";
import { useRowPrefetch } from "./use-row-prefetch";
import type { ListForms } from "./list-forms-hint";
import { useListForms } from "./list-forms";
import { useViewPreferences } from "./use-view-preferences";

export const TABLE_ID = "alarm-table";

/**
 * The alarms of one page: from md up a table (real table semantics, sortable headers, rows that
 * are real links, the analyst's columns and density); below md a card per alarm. Both are in
 * the HTML and CSS shows the one that fits, so a phone's first paint is already the cards.
 */
export function AlarmTable({
  alarms,
  view,
  total,
  busy,
  onSort,
  marks,
  forms: guessedForms = "both",
}: {
  alarms: AlarmSummary[];
  /** Rows the live queue marks for a moment: just shown, or a status just changed. */
  marks?: ReadonlyMap<string, "new" | "changed">;
  view: ListView;
  total: number;
  busy: boolean;
  /** Which forms the server rendered (see ./list-forms). */
  forms?: ListForms;
  onSort: (sort: AlarmListQuery["sort"]) => void;
}) {
  const prefetch = useRowPrefetch();
  const forms = useListForms(guessedForms);
  const { query } = view;
  const { key } = useDeployment();
  const detailHref = useMemo(() => detailHrefsFor(key, view), [key, view]);
  const [preferences, updatePreferences] = useViewPreferences();
  // react-table rebuilds its instance every render; nothing below relies on memoizing it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: alarms,
    columns: alarmColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (alarm) => alarm.uuid,
    manualSorting: true,
    manualPagination: true,
    state: { columnVisibility: preferences.columnVisibility, columnOrder: preferences.columnOrder },
    onColumnVisibilityChange: (updater) =>
      updatePreferences((current) => ({
        ...current,
        columnVisibility: functionalUpdate(updater, current.columnVisibility),
      })),
    onColumnOrderChange: (updater) =>
      updatePreferences((current) => ({
        ...current,
        columnOrder: functionalUpdate(updater, current.columnOrder),
      })),
    meta: useMemo(() => ({ detailHref }), [detailHref]),
  });

  const openRow = useRowOpener();

  return (
    <div className="flex flex-col gap-2">
      <div className="hidden items-center justify-end gap-3 md:flex">
        <ColumnChooser table={table} />
        <DensityToggle
          density={preferences.density}
          onChange={(density) => updatePreferences((current) => ({ ...current, density }))}
        />
      </div>
      {forms !== "cards" ? (
        <div className="panel hidden overflow-x-auto md:block">
          <table
            id={TABLE_ID}
            aria-busy={busy}
            aria-label="Alarms"
            aria-rowcount={total + 1}
            data-alarm-rows // what j / k walk (use-list-keyboard.ts)
            className={`w-full table-fixed border-collapse text-left text-[13px] transition-opacity ${busy ? "opacity-60" : ""}`}
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
                        data-column={header.column.id}
                        aria-sort={
                          fields.length
                            ? ariaSort(
                                query.sort,
                                fields.map((f) => f.field),
                              )
                            : undefined
                        }
                        className={`px-2 py-1.5 align-bottom font-semibold ${meta?.className ?? ""}`}
                      >
                        {fields.length === 0
                          ? flexRender(header.column.columnDef.header, header.getContext())
                          : fields.map((sortField, index) => (
                              // A narrow column's header wraps between its sort buttons (at the
                              // space), never inside one.
                              <Fragment key={sortField.field}>
                                {index > 0 ? " " : null}
                                <span className="whitespace-nowrap">
                                  {index > 0 ? (
                                    <span aria-hidden="true" className="pr-0.5 text-slate-400">
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
                              </Fragment>
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
                    data-live-mark={marks?.get(row.original.uuid)}
                    onClick={(event) => openRow(event, href)}
                    onPointerEnter={() => prefetch.hover(row.original, href)}
                    onPointerLeave={prefetch.cancel}
                    onFocus={() => prefetch.now(row.original, href)}
                    className="cursor-pointer border-b border-slate-100 align-middle last:border-b-0 hover:bg-slate-50 focus-within:bg-blue-50 dark:border-slate-800 dark:hover:bg-slate-800/50 dark:focus-within:bg-blue-950/50"
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td
                        key={cell.id}
                        data-column={cell.column.id}
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
      ) : null}
      {forms !== "table" ? (
        <AlarmCards table={table} busy={busy} prefetch={prefetch} marks={marks} />
      ) : null}
    </div>
  );
}
