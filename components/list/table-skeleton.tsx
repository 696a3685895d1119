// A list while its first page loads: the real layout with placeholder rows. No hooks (server too).

import { COLUMN_LAYOUT, DEPLOYMENT_COLUMN, type LayoutColumnId } from "./column-layout";
import { COLUMN_IDS } from "./view-preferences";

function Bar({ className }: { className: string }) {
  return <div className={`animate-pulse rounded bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

/**
 * Placeholder rows under the real columns (the table from md up, cards below), so nothing jumps
 * when the alarms arrive. loading.tsx renders it on the server too. Columns carry data-column,
 * so a column the analyst hid stays hidden here as well.
 */
export function TableSkeleton({
  rows = 20,
  deployments = false,
  label = "Loading alarms",
}: {
  rows?: number;
  /** A list of several deployments (their column first, a badge on each card). */
  deployments?: boolean;
  label?: string;
}) {
  const columns: LayoutColumnId[] = deployments
    ? [DEPLOYMENT_COLUMN, ...COLUMN_IDS]
    : [...COLUMN_IDS];
  return (
    <div aria-busy="true" aria-label={label}>
      <div className="panel hidden overflow-x-auto md:block">
        <table className="w-full table-fixed border-collapse text-left text-[13px]">
          <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {columns.map((id) => (
                <th
                  key={id}
                  scope="col"
                  data-column={id}
                  className={`px-2 py-1.5 font-semibold ${COLUMN_LAYOUT[id].className}`}
                >
                  {COLUMN_LAYOUT[id].label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, row) => (
              <tr
                key={row}
                className="border-b border-slate-100 last:border-b-0 dark:border-slate-800"
              >
                {columns.map((id) => (
                  <td
                    key={id}
                    data-column={id}
                    className={`px-2 py-2.5 compact:py-1.5 ${COLUMN_LAYOUT[id].className}`}
                  >
                    <Bar className={`h-3 ${COLUMN_LAYOUT[id].bar}`} />
                    {id === "rule" ? (
                      <div className="mt-1.5 h-2.5 w-1/2 animate-pulse rounded bg-slate-100 compact:hidden dark:bg-slate-800/70" />
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-2 md:hidden">
        {Array.from({ length: Math.min(rows, 8) }, (_, card) => (
          <li key={card} className="panel px-3 py-2.5">
            <div className="flex gap-1.5">
              {deployments ? <Bar className="h-5 w-16" /> : null}
              <Bar className="h-5 w-[5.25rem]" />
              <Bar className="h-5 w-12" />
            </div>
            <Bar className="mt-2 h-4 w-3/4" />
            <Bar className="mt-2 h-3 w-1/2" />
            <Bar className="mt-2 h-3 w-2/5" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A list page's frame while nothing is known yet: its heading and the skeleton. */
export function ListPageSkeleton({
  title,
  summary,
  deployments = false,
}: {
  title: string;
  summary: string;
  deployments?: boolean;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex min-h-7 flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-lg font-semibold">{title}</h1>
        <p className="text-xs text-slate-600 dark:text-slate-400">{summary}</p>
      </div>
      <div className="h-11" aria-hidden="true" />
      <TableSkeleton deployments={deployments} />
    </div>
  );
}
