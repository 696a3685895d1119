// The merged queue while its first page loads: the real layout with placeholder rows (the table
// from sm up, cards below), so nothing jumps when the alarms arrive. No hooks: loading.tsx and
// the page's Suspense fallback render it on the server too.

const COLUMNS = [
  { id: "deployment", label: "Deployment", className: "w-24", bar: "w-[70%]" },
  { id: "priority", label: "Priority", className: "w-[6.5rem]", bar: "w-[70%]" },
  { id: "status", label: "Status", className: "w-24", bar: "w-[60%]" },
  { id: "rule", label: "Rule", className: "", bar: "w-[85%]" },
  {
    id: "peers",
    label: "Sources → Destinations",
    className: "hidden w-64 lg:table-cell",
    bar: "w-[70%]",
  },
  { id: "occurred", label: "Occurred", className: "w-28 xl:w-52", bar: "w-[80%]" },
] as const;

function Bar({ className }: { className: string }) {
  return <div className={`animate-pulse rounded bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

export function MergedSkeleton({ rows = 20 }: { rows?: number }) {
  return (
    <div aria-busy="true" aria-label="Loading alarms of all deployments">
      <div className="panel hidden overflow-x-auto sm:block">
        <table className="w-full table-fixed border-collapse text-left text-[13px]">
          <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {COLUMNS.map((column) => (
                <th
                  key={column.id}
                  scope="col"
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
                {COLUMNS.map((column) => (
                  <td key={column.id} className={`px-2 py-2.5 ${column.className}`}>
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
      <ul className="flex flex-col gap-2 sm:hidden">
        {Array.from({ length: Math.min(rows, 8) }, (_, card) => (
          <li key={card} className="panel px-3 py-2.5">
            <div className="flex gap-1.5">
              <Bar className="h-5 w-16" />
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

/** The page's frame while nothing is known yet: the heading and the skeleton. */
export function MergedPageSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-lg font-semibold">All deployments</h1>
        <p className="text-xs text-slate-600 dark:text-slate-400">Newest first</p>
      </div>
      <div className="h-12" aria-hidden="true" />
      <MergedSkeleton />
    </div>
  );
}
