import { DEPLOYMENTS_KEY } from "@/lib/shared/alarms/merged-url";
import { api } from "@/lib/shared/alarms/paths";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { viewSearchParams } from "@/lib/shared/alarms/url-state";
import { ALL_DEPLOYMENTS } from "@/lib/shared/deployments/types";
import type { ExportFormat, ExportPlan } from "./contract";

// What the export dialog exports, and the paths of its plan, its file and its progress: one
// deployment's view, or the queue of every deployment (`all`) with the deployments it names.
// Client-safe: the dialog builds its requests here, and the routes read them with the list's and
// the queue's own parsers.

export interface ExportTarget {
  /** A deployment's key, or ALL_DEPLOYMENTS ("all") for the queue of every deployment. */
  scope: string;
  /** The view's query: page and size are left out (an export holds every page). */
  query: AlarmListQuery;
  /** The zone the file's local times are written in (IANA; "UTC" the default). */
  tz: string;
  /** For "all": the deployments the queue names; none or empty = every one the analyst may see. */
  deployments?: readonly string[];
}

function targetParams(target: ExportTarget, query: AlarmListQuery): URLSearchParams {
  const whole = { ...query, page: 0, size: DEFAULT_QUERY.size };
  const params = viewSearchParams({ query: whole, tz: target.tz });
  if (target.scope === ALL_DEPLOYMENTS && target.deployments && target.deployments.length > 0) {
    params.set(DEPLOYMENTS_KEY, target.deployments.join(","));
  }
  return params;
}

const search = (params: URLSearchParams) => {
  const text = params.toString();
  return text ? `?${text}` : "";
};

/** GET …/export/plan for the view as it stands (a rolling range is frozen by the server). */
export function exportPlanPath(target: ExportTarget): string {
  return api.exportPlan(target.scope, search(targetParams(target, target.query)));
}

/** GET …/export for the file: the view with its rolling range frozen to the plan's bounds. */
export function exportFilePath(
  target: ExportTarget,
  plan: ExportPlan,
  format: ExportFormat,
  id: string,
): string {
  const { range, ...filters } = target.query.filters;
  const frozen = {
    ...target.query,
    filters: {
      ...filters,
      ...(range && plan.gte !== null ? { timestamp_occured_gte: plan.gte } : {}),
      timestamp_occured_lte: plan.lte,
    },
  };
  const params = targetParams(target, frozen);
  params.set("format", format);
  params.set("id", id);
  return api.export(target.scope, search(params));
}

/** GET (progress) and DELETE (cancel) of one export. */
export function exportProgressPath(target: ExportTarget, id: string): string {
  return api.exportProgress(target.scope, id);
}
