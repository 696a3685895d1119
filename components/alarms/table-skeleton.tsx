// The list's loading state: the real layout with placeholder rows (the table from md up, cards
// below), so nothing jumps when the data arrives. No hooks: used by loading.tsx on the server
// too. Columns carry data-column, so a column the analyst hid stays hidden here as well.

const COLUMNS = [
  { id: "priority", label: "Priority", className: "w-[6.5rem]", bar: "w-[70%]" },
  { id: "status", label: "Status", className: "w-24", bar: "w-[60%]" },
  { id: "rule", label: "Rule", className: "", bar: "w-[85%]" },
  { id: "sources", label: "Sources", className: "w-36 lg:w-40 xl:w-48", bar: "w-[65%]" },
  {
    id: "destinations",
    label: "Destinations",
    className: "hidden w-40 lg:table-cell xl:w-48",
    bar: "w-[65%]",
  },
  { id: "occurred", label: "Occurred", className: "w-28 xl:w-52", bar: "w-[80%]" },
  { id: "events", label: "Events", className: "w-16", bar: "w-[40%]" },
] as const;

function Bar({ className }: { className: string }) {
  return <div className={`animate-pulse rounded bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

export interface SkeletonColumn {
  id: string;
  label: string;
  /** Width and responsive visibility, as the real column has them. */
  className: string;
  /** The placeholder bar's width. */
  bar: string;
}

/** Where the table takes over from the cards (full class names, for Tailwind to find). */
const FROM = {
  sm: { table: "panel hidden overflow-x-auto sm:block", cards: "flex flex-col gap-2 sm:hidden" },
  md: { table: "panel hidden overflow-x-auto md:block", cards: "flex flex-col gap-2 md:hidden" },
} as const;

export function TableSkeleton({ rows = 20 }: { rows?: number }) {
  return (
    <SkeletonTable rows={rows} columns={COLUMNS} label="Loading alarms" from="md" badges={2} />
  );
}

/** A table of placeholder rows with the real columns, and cards on narrower screens. */
export function SkeletonTable({
  rows,
  columns,
  label,
  from,
  badges,
}: {
  rows: number;
  columns: readonly SkeletonColumn[];
  label: string;
  from: keyof typeof FROM;
  /** Placeholder badges at the top of each card. */
  badges: 2 | 3;
}) {
  return (
    <div aria-busy="true" aria-label={label}>
      <div className={FROM[from].table}>
        <table className="w-full table-fixed border-collapse text-left text-[13px]">
          <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  data-column={column.id}
                  className={`px-2 py-1.5 font-semibold ${column.className}`}
                >
                  {column.label}
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
                {columns.map((column) => (
                  <td
                    key={column.id}
                    data-column={column.id}
                    className={`px-2 py-2.5 ${column.className}`}
                  >
                    <Bar className={`h-3 ${column.bar}`} />
                    {column.id === "rule" ? (
                      <div className="mt-1.5 h-2.5 w-1/2 animate-pulse rounded bg-slate-100 dark:bg-slate-800/70" />
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={FROM[from].cards}>
        {Array.from({ length: Math.min(rows, 8) }, (_, card) => (
          <li key={card} className="panel px-3 py-2.5">
            <div className="flex gap-1.5">
              {badges === 3 ? <Bar className="h-5 w-16" /> : null}
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
