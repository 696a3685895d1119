import { formatCount } from "@/lib/alarms/format";
import type { Endpoint } from "@/lib/alarms/types";

const dash = <span className="text-slate-500 dark:text-slate-400">—</span>;

/** Sources or destinations of an alarm, one row each. */
export function EndpointsTable({ title, endpoints }: { title: string; endpoints: Endpoint[] }) {
  const headingId = `${title.toLowerCase()}-heading`;
  return (
    <section aria-labelledby={headingId} className="panel min-w-0">
      <h2
        id={headingId}
        className="border-b border-slate-200 px-3 py-2 text-sm font-semibold dark:border-slate-800"
      >
        {title} <span className="font-normal text-slate-500">({endpoints.length})</span>
      </h2>
      {endpoints.length === 0 ? (
        <p className="px-3 py-3 text-xs text-slate-500">None recorded.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-xs" aria-labelledby={headingId}>
            <thead className="bg-slate-50 text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
              <tr>
                {["Address", "Hostname / FQDN", "Country", "Organisation", "Asset", "Events"].map(
                  (column) => (
                    <th
                      key={column}
                      scope="col"
                      className={`px-3 py-1.5 font-semibold whitespace-nowrap ${column === "Events" ? "text-right" : ""}`}
                    >
                      {column}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {endpoints.map((endpoint, index) => (
                <tr
                  key={`${endpoint.address ?? ""}-${index}`}
                  className="border-t border-slate-100 dark:border-slate-800"
                >
                  <td className="px-3 py-1.5 font-mono whitespace-nowrap">
                    {endpoint.address ?? dash}
                  </td>
                  <td className="px-3 py-1.5">
                    <div>{endpoint.hostname ?? endpoint.name ?? dash}</div>
                    {endpoint.fqdn && endpoint.fqdn !== endpoint.hostname ? (
                      <div className="font-mono text-[11px] text-slate-500">{endpoint.fqdn}</div>
                    ) : null}
                  </td>
                  <td className="px-3 py-1.5">{endpoint.country ?? dash}</td>
                  <td className="px-3 py-1.5">{endpoint.organisation ?? dash}</td>
                  <td className="px-3 py-1.5 font-mono text-[11px]">{endpoint.assetId ?? dash}</td>
                  <td className="px-3 py-1.5 text-right font-mono tabular-nums">
                    {endpoint.eventCount === null ? dash : formatCount(endpoint.eventCount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
