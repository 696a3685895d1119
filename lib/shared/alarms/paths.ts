import { EVERY_DEPLOYMENT, scopeSegment } from "@/lib/shared/deployments/scope";

// Every path of the console's pages and of the browser's API, built here and nowhere else. A
// deployment's pages live under /d/{key}; the list of several or every deployment under the
// scope's segment (/d/all/alarms, lib/shared/deployments/scope.ts). A list's paths take a
// deployment's key or that segment (scopeSegment). Client-safe.

export const HOME_PATH = "/";

const segment = (key: string) => `/d/${encodeURIComponent(key)}`;

export function listPath(deployment: string): string {
  return `${segment(deployment)}/alarms`;
}

export function detailPath(deployment: string, uuid: string): string {
  return `${listPath(deployment)}/${encodeURIComponent(uuid)}`;
}

/** The list of every deployment the analyst may see. */
export const EVERY_LIST_PATH = listPath(scopeSegment(EVERY_DEPLOYMENT));

/** The segment of the list `pathname` is (a deployment's key, or the scope's: scopeOfSegment), or null. */
export function listPathDeployment(pathname: string): string | null {
  const match = /^\/d\/([^/]+)\/alarms\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The deployment and alarm a detail `pathname` names, or null. */
export function detailPathParts(pathname: string): { deployment: string; uuid: string } | null {
  const match = /^\/d\/([^/]+)\/alarms\/([^/]+)\/?$/.exec(pathname);
  return match
    ? { deployment: decodeURIComponent(match[1]!), uuid: decodeURIComponent(match[2]!) }
    : null;
}

export const api = {
  list: (deployment: string, search = "") => `/api${listPath(deployment)}${search}`,
  detail: (deployment: string, uuid: string) => `/api${detailPath(deployment, uuid)}`,
  catalogue: (deployment: string) => `/api${listPath(deployment)}/catalogue`,
  /** What the search box offers for a field's value or a field's name (search: field, prefix). */
  suggest: (deployment: string, search: string) => `/api${listPath(deployment)}/suggest${search}`,
  /** One page of a view's groups (search: the view's parameters and `group`). */
  groups: (deployment: string, search: string) => `/api${listPath(deployment)}/groups${search}`,
  /** One section (`part`) of a view's overview; `search` carries the view's filters. */
  overview: (deployment: string, search: string) => `/api${listPath(deployment)}/overview${search}`,
  /** The view's alarms as a file (search: the view, format and id). */
  export: (deployment: string, search = "") => `/api${listPath(deployment)}/export${search}`,
  /** What an export of the view (search) would hold. */
  exportPlan: (deployment: string, search = "") =>
    `/api${listPath(deployment)}/export/plan${search}`,
  /** Counts of an alarm's values and its related alarms, from the index (search: the values). */
  pivots: (deployment: string, uuid: string, search: string) =>
    `/api${detailPath(deployment, uuid)}/pivots${search}`,
  /** An alarm's triage (GET), and under it owner, acknowledged, notes and notes/{id} (writes). */
  triage: (deployment: string, uuid: string, part = "") =>
    `/api${detailPath(deployment, uuid)}/triage${part}`,
  /** What a list page shows of its alarms' triage (search: uuid=… or alarm=<key>:<uuid>…). */
  triageSummaries: (deployment: string, search: string) =>
    `/api${listPath(deployment)}/triage${search}`,
  /** Whom an alarm of the deployment may be assigned to. */
  teammates: (deployment: string) => `/api${segment(deployment)}/teammates`,
  /** One export's progress (GET) and its cancel (DELETE). */
  exportProgress: (deployment: string, id: string) =>
    `/api${listPath(deployment)}/export/${encodeURIComponent(id)}`,
};
