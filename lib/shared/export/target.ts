import { api } from "@/lib/shared/alarms/paths";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { viewOf, viewSearchParams } from "@/lib/shared/alarms/view";
import { type ListScope, namedKeys, scopeSegment } from "@/lib/shared/deployments/scope";
import type { ExportFormat, ExportPlan } from "./contract";

// What the export dialog exports, and the paths of its plan, its file and its progress: one
// deployment's view, or that of several or every deployment (`all`, naming the several).
// Client-safe: the dialog builds its requests here, and the routes read them with the list's and
// the queue's own parsers.

export interface ExportTarget {
  /** A deployment's list, or that of several (named in the request) or every deployment. */
  scope: ListScope;
  /** The view's query: page and size are left out (an export holds every page). */
  query: AlarmListQuery;
  /** The zone the file's local times are written in (IANA; "UTC" the default). */
  tz: string;
}

function targetParams(target: ExportTarget, query: AlarmListQuery): URLSearchParams {
  const whole = { ...query, page: 0, size: DEFAULT_QUERY.size };
  const deployments = target.scope.kind === "several" ? [...namedKeys(target.scope)] : [];
  return viewSearchParams({ ...viewOf(whole, target.tz), deployments });
}

const search = (params: URLSearchParams) => {
  const text = params.toString();
  return text ? `?${text}` : "";
};

/** GET …/export/plan for the view as it stands (a rolling range is frozen by the server). */
export function exportPlanPath(target: ExportTarget): string {
  return api.exportPlan(scopeSegment(target.scope), search(targetParams(target, target.query)));
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
  return api.export(scopeSegment(target.scope), search(params));
}

/** GET (progress) and DELETE (cancel) of one export. */
export function exportProgressPath(target: ExportTarget, id: string): string {
  return api.exportProgress(scopeSegment(target.scope), id);
}
