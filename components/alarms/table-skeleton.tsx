// The list's loading state: the real table layout with placeholder rows, so nothing jumps when
// the data arrives. No hooks: used by loading.tsx on the server too.

const COLUMNS = ["Priority", "Status", "Rule", "Sources", "Destinations", "Occurred", "Events"];
const HIDDEN_ON_NARROW = new Set(["Destinations"]);

export function TableSkeleton({ rows = 20 }: { rows?: number }) {
  return (
    <div className="panel overflow-x-auto" aria-busy="true" aria-label="Loading alarms">
      <table className="w-full border-collapse text-left text-[13px]">
        <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
          <tr className="border-b border-slate-200 dark:border-slate-700">
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={`px-2 py-1.5 font-semibold ${HIDDEN_ON_NARROW.has(column) ? "hidden lg:table-cell" : ""}`}
              >
                {column}
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
              {COLUMNS.map((column, index) => (
                <td
                  key={column}
                  className={`px-2 py-2.5 ${HIDDEN_ON_NARROW.has(column) ? "hidden lg:table-cell" : ""}`}
                >
                  <div
                    className="h-3 animate-pulse rounded bg-slate-200 dark:bg-slate-800"
                    style={{ width: `${[70, 60, 85, 65, 65, 80, 40][index]}%` }}
                  />
                  {column === "Rule" ? (
                    <div className="mt-1.5 h-2.5 w-1/2 animate-pulse rounded bg-slate-100 dark:bg-slate-800/70" />
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
