// The activity page's filters: a plain GET form, so every filter lands in the URL (a deep link
// reproduces the view, back and forward walk through them) and it works before any script runs.
// Times are read as UTC. A new filter starts again at the newest row (no `before`).

import {
  ACTIVITY_ACTION_NAMES,
  ACTIVITY_ACTIONS,
  ACTIVITY_PATH,
  type ActivityFilters,
} from "@/lib/shared/triage/audit";

export interface ActivityFiltersProps {
  filters: ActivityFilters;
  /** [key, name]: the deployments the analyst may see, and "all" (exports and views of all). */
  deployments: [string, string][];
}

const field = "flex flex-col gap-0.5 text-xs text-slate-600 dark:text-slate-300";
const input =
  "h-8 rounded border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

/** "2026-11-29T10:00" (UTC) for a datetime-local input, or "". */
const localValue = (ms: number | null) =>
  ms === null ? "" : new Date(ms).toISOString().slice(0, 16);

function TimeField({ label, name, ms }: { label: string; name: string; ms: number | null }) {
  return (
    <label className={field}>
      {label}
      <input type="datetime-local" name={name} defaultValue={localValue(ms)} className={input} />
    </label>
  );
}

export function ActivityFilterForm({ filters, deployments }: ActivityFiltersProps) {
  return (
    <form
      method="get"
      action={ACTIVITY_PATH}
      aria-label="Filter the activity"
      className="flex flex-wrap items-end gap-2"
    >
      <label className={field}>
        Analyst
        <input
          name="analyst"
          defaultValue={filters.analyst[0] ?? ""}
          placeholder="Any (handle)"
          className={`${input} w-40`}
        />
      </label>
      <label className={field}>
        Action
        <select name="action" defaultValue={filters.action[0] ?? ""} className={`${input} w-44`}>
          <option value="">Any</option>
          {ACTIVITY_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {ACTIVITY_ACTION_NAMES[action]}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        Deployment
        <select
          name="deployment"
          defaultValue={filters.deployment[0] ?? ""}
          className={`${input} w-44`}
        >
          <option value="">Any</option>
          {deployments.map(([key, name]) => (
            <option key={key} value={key}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <TimeField label="From (UTC)" name="from" ms={filters.from} />
      <TimeField label="To (UTC)" name="to" ms={filters.to} />
      <button
        type="submit"
        className="h-8 rounded bg-slate-800 px-3 text-sm font-medium text-white hover:bg-slate-700 dark:bg-slate-200 dark:text-slate-900 dark:hover:bg-slate-300"
      >
        Filter
      </button>
      <a
        href={ACTIVITY_PATH}
        className="h-8 px-2 text-sm leading-8 text-slate-600 underline-offset-2 hover:underline dark:text-slate-300"
      >
        Clear
      </a>
    </form>
  );
}
