"use client";
// The "Columns" panel: a checkbox and move up / move down buttons per column, and a reset.

import { useLayoutEffect, useRef, useState } from "react";
import { COLUMN_LAYOUT } from "./column-layout";
import {
  ALWAYS_VISIBLE,
  type ColumnId,
  DEFAULT_VIEW,
  type ViewPreferences,
} from "./view-preferences";
import type { ViewUpdate } from "./use-view-preferences";

const label = (id: ColumnId) => COLUMN_LAYOUT[id].label;

function moved(order: readonly ColumnId[], id: ColumnId, delta: -1 | 1): readonly ColumnId[] {
  const from = order.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= order.length) return order;
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** The open panel of ./column-chooser.tsx (rendered only while open). */
export function ColumnChooserPanel({
  id,
  preferences,
  update,
}: {
  id: string;
  preferences: ViewPreferences;
  update: (change: ViewUpdate) => void;
}) {
  const [announcement, setAnnouncement] = useState("");
  const panel = useRef<HTMLDivElement>(null);
  /** The move button to keep focus on: React may re-insert its row when the order changes. */
  const refocus = useRef<{ id: string; delta: -1 | 1 } | null>(null);
  const columns = preferences.columnOrder;
  const isVisible = (column: ColumnId) => preferences.columnVisibility[column] !== false;

  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const find = (delta: number) =>
      panel.current?.querySelector<HTMLButtonElement>(
        `button[data-move="${target.id}"][data-delta="${delta}"]`,
      );
    const same = find(target.delta);
    // At the top or the bottom now: the other direction is the one that still does something.
    (same && !same.disabled ? same : find(-target.delta))?.focus();
  });

  function move(id: ColumnId, delta: -1 | 1) {
    const next = moved(columns, id, delta);
    refocus.current = { id, delta };
    update((current) => ({ ...current, columnOrder: next }));
    setAnnouncement(`${label(id)} moved to position ${next.indexOf(id) + 1} of ${next.length}.`);
  }

  function show(id: ColumnId, visible: boolean) {
    update((current) => {
      const columnVisibility = { ...current.columnVisibility };
      if (visible) delete columnVisibility[id];
      else columnVisibility[id] = false;
      return { ...current, columnVisibility };
    });
  }

  return (
    <div
      ref={panel}
      id={id}
      role="group"
      aria-label="Columns"
      className="absolute top-full right-0 z-20 mt-1 w-64 rounded-md border border-slate-200 bg-white p-2 text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <p className="px-1 pb-1 text-xs text-slate-600 dark:text-slate-400">
        Show, hide and order the table&rsquo;s columns. Kept in this browser.
      </p>
      <ul className="flex flex-col">
        {columns.map((id, index) => {
          const name = label(id);
          const fixed = ALWAYS_VISIBLE.has(id);
          return (
            <li
              key={id}
              className="flex items-center gap-1 rounded px-1 py-0.5 hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <label className="flex min-w-0 flex-1 items-center gap-2 py-0.5 text-sm">
                <input
                  type="checkbox"
                  className="h-3.5 w-3.5 accent-blue-700"
                  checked={isVisible(id)}
                  disabled={fixed}
                  onChange={(event) => show(id, event.target.checked)}
                />
                <span className="truncate">{name}</span>
                {fixed ? (
                  <span className="text-[11px] text-slate-500 dark:text-slate-400">
                    (always shown)
                  </span>
                ) : null}
              </label>
              <button
                type="button"
                className="btn h-6 px-1.5"
                data-move={id}
                data-delta={-1}
                aria-label={`Move ${name} up`}
                title={`Move ${name} up`}
                disabled={index === 0}
                onClick={() => move(id, -1)}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                className="btn h-6 px-1.5"
                data-move={id}
                data-delta={1}
                aria-label={`Move ${name} down`}
                title={`Move ${name} down`}
                disabled={index === columns.length - 1}
                onClick={() => move(id, 1)}
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
            update((current) => ({
              ...current,
              columnOrder: DEFAULT_VIEW.columnOrder,
              columnVisibility: DEFAULT_VIEW.columnVisibility,
            }));
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
  );
}
