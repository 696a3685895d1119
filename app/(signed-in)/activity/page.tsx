import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ActivityFilterForm } from "@/components/activity/activity-filters";
import { ActivityTable } from "@/components/activity/activity-table";
import { ApiError } from "@/lib/shared/core/errors";
import {
  ACTIVITY_PATH,
  EVERY_DEPLOYMENT_SEGMENT,
  activityApi,
  activityParams,
  NO_ACTIVITY_FILTERS,
  type ActivityPage,
} from "@/lib/shared/triage/audit";
import { requireAnalyst } from "@/lib/server/auth/require-analyst";
import { visibleDeployments } from "@/lib/server/pages/deployment";
import { readActivityFilters } from "@/lib/server/triage/activity-input";
import { activityOf } from "@/lib/server/triage/activity-service";

// /activity: the team's audit trail, for every signed-in analyst over the deployments they may
// see (the console has no lead or admin role; access is per deployment). Filters, the page (a
// keyset: `before`, the last id of the page above) and the export all read the URL.

export const metadata: Metadata = { title: "Activity" };

type Search = Record<string, string | string[] | undefined>;

function paramsOf(search: Search): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      params.append(key, one);
    }
  }
  return params;
}

const NO_FILTERS = NO_ACTIVITY_FILTERS;

const linkClass =
  "rounded border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

export default async function ActivityPageRoute({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const analyst = await requireAnalyst();
  const given = paramsOf(await searchParams);
  const read = readActivityFilters(given);
  const filters = read.ok ? read.filters : NO_FILTERS;
  // The form sends every field, empty ones too: the address bar keeps the canonical link.
  const canonical = activityParams(filters).toString();
  if (read.ok && canonical !== given.toString()) {
    redirect(canonical ? `${ACTIVITY_PATH}?${canonical}` : ACTIVITY_PATH);
  }
  const deployments = await visibleDeployments();
  const options: [string, string][] = [
    ...deployments.map(({ key, name }): [string, string] => [key, name]),
    [EVERY_DEPLOYMENT_SEGMENT, "All deployments"],
  ];
  let page: ActivityPage | null = null;
  let failure: string | null = null;
  try {
    page = await activityOf(analyst, filters);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    failure = error.message;
  }
  const unpaged = { ...filters, before: null };
  const exportHref = (format: string) =>
    `${activityApi.export}?${new URLSearchParams([...activityParams(unpaged), ["format", format]])}`;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h1 className="text-lg font-semibold">Activity</h1>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            What the team did on the deployments you may see, newest first.
          </p>
        </div>
        <div className="flex items-center gap-2 text-sm">
          <span className="text-slate-600 dark:text-slate-300">Export</span>
          <a href={exportHref("csv")} download className={linkClass}>
            CSV
          </a>
          <a href={exportHref("ndjson")} download className={linkClass}>
            JSON lines
          </a>
        </div>
      </div>
      <ActivityFilterForm filters={filters} deployments={options} />
      {read.ok ? null : (
        <p role="status" className="text-sm text-amber-700 dark:text-amber-400">
          {read.message} The trail is shown without filters.
        </p>
      )}
      {failure ? (
        <p className="text-sm text-red-700 dark:text-red-400">{failure}</p>
      ) : page && page.events.length > 0 ? (
        <ActivityTable
          events={page.events}
          names={page.names}
          deployments={Object.fromEntries(options)}
        />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">No activity matches.</p>
      )}
      <nav aria-label="Pages" className="flex gap-2">
        {filters.before !== null ? (
          <Link href={`${ACTIVITY_PATH}?${activityParams(unpaged)}`} className={linkClass}>
            Newest
          </Link>
        ) : null}
        {page?.next != null ? (
          <Link
            href={`${ACTIVITY_PATH}?${activityParams({ ...filters, before: page.next })}`}
            className={linkClass}
          >
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
