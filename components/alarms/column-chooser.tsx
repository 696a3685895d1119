"use client";

import type { Column, Table } from "@tanstack/react-table";
import { useCallback, useId, useLayoutEffect, useRef, useState } from "react";
import { useDismiss } from "@/components/ui/use-dismiss";
import type { AlarmSummary } from "@/lib/shared/alarms/types";

const label = (column: Column<AlarmSummary>) =>
  typeof column.columnDef.header === "string" ? column.columnDef.header : column.id;

function moved(order: string[], id: string, delta: -1 | 1): string[] {
  const from = order.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= order.length) return order;
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/**
 * Show, hide and order the table's columns: a disclosure button and a panel with a checkbox and
 * move up / move down buttons per column. Changes go through react-table's column visibility and
 * column order state (stored per browser by the table). Escape or a click elsewhere closes it.
 */
export function ColumnChooser({ table }: { table: Table<AlarmSummary> }) {
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  /** The move button to keep focus on: React may re-insert its row when the order changes. */
  const refocus = useRef<{ id: string; delta: -1 | 1 } | null>(null);

  const { columnOrder } = table.getState();
  const columns = columnOrder
    .map((id) => table.getColumn(id))
    .filter((column): column is Column<AlarmSummary> => column !== undefined);
  const hiddenCount = columns.filter((column) => !column.getIsVisible()).length;

  useDismiss(
    open,
    root,
    useCallback((byKey: boolean) => {
      setOpen(false);
      if (byKey) button.current?.focus();
    }, []),
  );

  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const find = (delta: number) =>
      root.current?.querySelector<HTMLButtonElement>(
        `button[data-move="${target.id}"][data-delta="${delta}"]`,
      );
    const same = find(target.delta);
    // At the top or the bottom now: the other direction is the one that still does something.
    (same && !same.disabled ? same : find(-target.delta))?.focus();
  });

  function move(column: Column<AlarmSummary>, delta: -1 | 1) {
    const next = moved(
      columns.map((c) => c.id),
      column.id,
      delta,
    );
    refocus.current = { id: column.id, delta };
    table.setColumnOrder(next);
    setAnnouncement(
      `${label(column)} moved to position ${next.indexOf(column.id) + 1} of ${next.length}.`,
    );
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="btn"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Columns
        {hiddenCount > 0 ? (
          <span className="text-slate-500 dark:text-slate-400">({hiddenCount} hidden)</span>
        ) : null}
        <span aria-hidden="true" className="text-[9px]">
          ▾
        </span>
      </button>
      {/* Rendered only while open: its "Status" and "Priority" boxes are no labels to find. */}
      {open ? (
        <div
          id={panelId}
          role="group"
          aria-label="Columns"
          className="absolute top-full right-0 z-20 mt-1 w-64 rounded-md border border-slate-200 bg-white p-2 text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <p className="px-1 pb-1 text-xs text-slate-600 dark:text-slate-400">
            Show, hide and order the table&rsquo;s columns. Kept in this browser.
          </p>
          <ul className="flex flex-col">
            {columns.map((column, index) => {
              const name = label(column);
              return (
                <li
                  key={column.id}
                  className="flex items-center gap-1 rounded px-1 py-0.5 hover:bg-slate-50 dark:hover:bg-slate-800"
                >
                  <label className="flex min-w-0 flex-1 items-center gap-2 py-0.5 text-sm">
                    <input
                      type="checkbox"
                      className="h-3.5 w-3.5 accent-blue-700"
                      checked={column.getIsVisible()}
                      disabled={!column.getCanHide()}
                      onChange={(event) => column.toggleVisibility(event.target.checked)}
                    />
                    <span className="truncate">{name}</span>
                    {!column.getCanHide() ? (
                      <span className="text-[11px] text-slate-500 dark:text-slate-400">
                        (always shown)
                      </span>
                    ) : null}
                  </label>
                  <button
                    type="button"
                    className="btn h-6 px-1.5"
                    data-move={column.id}
                    data-delta={-1}
                    aria-label={`Move ${name} up`}
                    title={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => move(column, -1)}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="button"
                    className="btn h-6 px-1.5"
                    data-move={column.id}
                    data-delta={1}
                    aria-label={`Move ${name} down`}
                    title={`Move ${name} down`}
                    disabled={index === columns.length - 1}
                    onClick={() => move(column, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="mt-1 flex justify-end border-t border-slate-200 pt-2 dark:border-slate-700">
            <button
              type="button"
              className="btn"
              onClick={() => {
                table.resetColumnOrder(true);
                table.resetColumnVisibility(true);
                setAnnouncement("Columns reset to the default.");
              }}
            >
              Reset columns
            </button>
          </div>
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>
        </div>
      ) : null}
    </div>
  );
}
