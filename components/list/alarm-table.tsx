"use client";
// The alarms of one page, for every list: a table from md up, a card per alarm below.

import { Fragment, useMemo } from "react";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { TriageSummariesProvider } from "@/components/triage/triage-summaries";
import { rowId, useSelection } from "@/components/triage/selection";
import { AlarmCards } from "./alarm-cards";
import {
  type AlarmColumn,
  type RowMark,
  deploymentColumn,
  rowKey,
  shownColumns,
} from "./alarm-columns";
import type { ListForms } from "./list-forms-hint";
import { useListForms } from "./list-forms";
import { SortButton, ariaSort } from "./sort-button";
import { RowKeys } from "./row-keys";
import { useRowOpener } from "./use-list-chrome";
import { useRowPrefetch } from "./use-row-prefetch";
import { useViewPreferences } from "./use-view-preferences";

export const TABLE_ID = "alarm-table";

export type { RowMark };

type Sort = AlarmListQuery["sort"];

export interface AlarmTableProps {
  /** The table's and the cards' accessible name. */
  label: string;
  alarms: AlarmSummary[];
  /** Where a row leads: the alarm's detail, remembering what it was opened from. */
  detailHref: (alarm: AlarmSummary) => string;
  busy: boolean;
  /** A list of several deployments: a first column (and a badge on cards) names each row's. */
  deploymentName?: (key: string) => string;
  /** Headers that sort the list; without it (a queue paged by cursor) they only name columns. */
  sort?: { current: Sort; onSort: (sort: Sort) => void };
  /** Where the page sits in the whole list, for assistive technology (lists that know totals). */
  position?: { offset: number; total: number };
  marks?: ReadonlyMap<string, RowMark>;
  /** Which forms the server rendered (see ./list-forms). */
  forms?: ListForms;
}

function HeaderLabel({ column, sort }: { column: AlarmColumn; sort: AlarmTableProps["sort"] }) {
  const fields = column.sortFields;
  if (!sort || fields.length === 0) return column.header;
  return fields.map((sortField, index) => (
    // A narrow column's header wraps between its sort buttons (at the space), never inside one.
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
          sort={sort.current}
          onSort={sort.onSort}
          inverse={sortField.inverse}
        />
      </span>
    </Fragment>
  ));
}

/**
 * The table has real table semantics, rows that are real links, and the analyst's columns and
 * density (./view-preferences.ts); the cards below md carry the same links. Both are in the
 * HTML and CSS shows the one that fits, so a phone's first paint is already the cards.
 */
export function AlarmTable({
  label,
  alarms,
  detailHref,
  busy,
  deploymentName,
  sort,
  position,
  marks,
  forms: guessedForms = "both",
}: AlarmTableProps) {
  const prefetch = useRowPrefetch();
  const forms = useListForms(guessedForms);
  const [preferences] = useViewPreferences();
  const columns = useMemo(() => {
    const shown = shownColumns(preferences);
    return deploymentName ? [deploymentColumn(deploymentName), ...shown] : shown;
  }, [deploymentName, preferences]);

  const openRow = useRowOpener();
  const all = useSelection();
  // Checkboxes only once the analyst asks to select (the table's columns otherwise stay as set).
  const selection = all?.selecting ? all : null;
  const pageChosen =
    selection !== null &&
    alarms.length > 0 &&
    alarms.every((alarm) => selection.chosen.has(rowId(alarm)));

  return (
    <TriageSummariesProvider alarms={alarms}>
      <RowKeys alarms={alarms} />
      {forms !== "cards" ? (
        <div className="panel hidden overflow-x-auto md:block">
          <table
            id={TABLE_ID}
            aria-busy={busy}
            aria-label={label}
            aria-rowcount={position ? position.total + 1 : undefined}
            data-alarm-rows // what j / k walk (use-list-keyboard.ts)
            className={`w-full table-fixed border-collapse text-left text-[13px] transition-opacity ${busy ? "opacity-60" : ""}`}
          >
            <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
              <tr
                aria-rowindex={position ? 1 : undefined}
                className="border-b border-slate-200 dark:border-slate-700"
              >
                {selection ? (
                  <th scope="col" className="w-8 px-2 py-1.5 align-bottom">
                    <input
                      type="checkbox"
                      aria-label="Choose every alarm of this page"
                      checked={pageChosen}
                      onChange={() => selection.togglePage(alarms)}
                    />
                  </th>
                ) : null}
                {columns.map((column) => {
                  const fields = column.sortFields.map((f) => f.field);
                  const inverse = column.sortFields.some((f) => f.inverse);
                  return (
                    <th
                      key={column.id}
                      scope="col"
                      data-column={column.id}
                      aria-sort={
                        sort && fields.length ? ariaSort(sort.current, fields, inverse) : undefined
                      }
                      className={`px-2 py-1.5 align-bottom font-semibold ${column.className}`}
                    >
                      <HeaderLabel column={column} sort={sort} />
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {alarms.map((alarm, index) => {
                const href = detailHref(alarm);
                return (
                  <tr
                    key={rowKey(alarm)}
                    aria-rowindex={position ? position.offset + index + 2 : undefined}
                    data-alarm-row={alarm.uuid}
                    data-deployment={alarm.deployment}
                    data-live-mark={marks?.get(alarm.uuid)}
                    onClick={(event) => openRow(event, href)}
                    onPointerEnter={() => prefetch.hover(alarm, href)}
                    onPointerLeave={prefetch.cancel}
                    onFocus={() => prefetch.now(alarm, href)}
                    className="cursor-pointer border-b border-slate-100 align-middle last:border-b-0 hover:bg-slate-50 focus-within:bg-blue-50 dark:border-slate-800 dark:hover:bg-slate-800/50 dark:focus-within:bg-blue-950/50"
                  >
                    {selection ? (
                      <td
                        className="w-8 px-2 py-1.5 compact:py-px"
                        onClick={(event) => event.stopPropagation()}
                      >
                        <input
                          type="checkbox"
                          aria-label="Choose this alarm"
                          checked={selection.chosen.has(rowId(alarm))}
                          onChange={() => selection.toggle(alarm)}
                          data-choose-row
                        />
                      </td>
                    ) : null}
                    {columns.map((column) => (
                      <td
                        key={column.id}
                        data-column={column.id}
                        className={`px-2 py-1.5 compact:py-px ${column.className}`}
                      >
                        {column.cell(alarm, href)}
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
        <AlarmCards
          alarms={alarms}
          detailHref={detailHref}
          label={label}
          busy={busy}
          prefetch={prefetch}
          marks={marks}
          deploymentName={deploymentName}
        />
      ) : null}
    </TriageSummariesProvider>
  );
}
