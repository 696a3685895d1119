import { formatCount } from "@/lib/shared/alarms/format";
import type { Endpoint } from "@/lib/shared/alarms/types";
import { endpointHosts, hostPivot, isIpAddress } from "@/lib/shared/search/pivot-link";
import { PivotLink } from "./pivot-link";

const dash = <span className="text-slate-500 dark:text-slate-400">—</span>;

/**
 * An address that leads to the list searching for it (as text when it is not one). `inTable`:
 * counts under the values, so the table's narrow columns stay narrow.
 */
function Address({ address, inTable = false }: { address: string | null; inTable?: boolean }) {
  const value = address?.trim();
  if (!value) return dash;
  if (!isIpAddress(value)) return <>{address}</>;
  return <PivotLink pivot={{ field: "ip", value }} countBelow={inTable} />;
}

// Long names break anywhere only in the stacked form; the table keeps its columns as they were.
// Each name leads to the list searching for it; the FQDN, when it differs, on its own line.
function Hostname({ endpoint, inTable = false }: { endpoint: Endpoint; inTable?: boolean }) {
  const { name, fqdn } = endpointHosts(endpoint);
  return (
    <>
      <div className="max-md:[overflow-wrap:anywhere]">
        {name ? <PivotLink pivot={hostPivot(name)} countBelow={inTable} /> : dash}
      </div>
      {fqdn ? (
        <div className="font-mono text-[11px] text-slate-500 max-md:[overflow-wrap:anywhere]">
          <PivotLink pivot={hostPivot(fqdn)} countBelow={inTable} />
        </div>
      ) : null}
    </>
  );
}

/** Below md: one block per endpoint, its fields stacked. */
function StackedEndpoints({ endpoints, headingId }: { endpoints: Endpoint[]; headingId: string }) {
  const field = "text-slate-500 dark:text-slate-400";
  return (
    <ul aria-labelledby={headingId} className="md:hidden">
      {endpoints.map((endpoint, index) => (
        <li
          key={`${endpoint.address ?? ""}-${index}`}
          className={`px-3 py-2 text-xs ${index > 0 ? "border-t border-slate-100 dark:border-slate-800" : ""}`}
        >
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
            <dt className={field}>Address</dt>
            <dd className="font-mono [overflow-wrap:anywhere]">
              <Address address={endpoint.address} />
            </dd>
            <dt className={field}>Hostname / FQDN</dt>
            <dd>
              <Hostname endpoint={endpoint} />
            </dd>
            <dt className={field}>Country</dt>
            <dd>{endpoint.country ?? dash}</dd>
            <dt className={field}>Organisation</dt>
            <dd className="break-words">{endpoint.organisation ?? dash}</dd>
            <dt className={field}>Asset</dt>
            <dd className="font-mono text-[11px] [overflow-wrap:anywhere]">
              {endpoint.assetId ?? dash}
            </dd>
            <dt className={field}>Events</dt>
            <dd className="font-mono tabular-nums">
              {endpoint.eventCount === null ? dash : formatCount(endpoint.eventCount)}
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Sources or destinations of an alarm, one row each (from md up; stacked below). */
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
        <>
          <div className="hidden overflow-x-auto md:block">
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
                      <Address address={endpoint.address} inTable />
                    </td>
                    <td className="px-3 py-1.5">
                      <Hostname endpoint={endpoint} inTable />
                    </td>
                    <td className="px-3 py-1.5">{endpoint.country ?? dash}</td>
                    <td className="px-3 py-1.5">{endpoint.organisation ?? dash}</td>
                    <td className="px-3 py-1.5 font-mono text-[11px]">
                      {endpoint.assetId ?? dash}
                    </td>
                    <td className="px-3 py-1.5 text-right font-mono tabular-nums">
                      {endpoint.eventCount === null ? dash : formatCount(endpoint.eventCount)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <StackedEndpoints endpoints={endpoints} headingId={headingId} />
        </>
      )}
    </section>
  );
}
