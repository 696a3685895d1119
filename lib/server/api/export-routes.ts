import "server-only";
import type { NextRequest } from "next/server";
import type { Analyst } from "@/lib/server/auth/session";
import type { Deployment } from "@/lib/server/deployments/registry";
import type { DatabaseState } from "@/lib/server/db";
import { serverEnv } from "@/lib/server/env";
import type { ListView } from "@/lib/shared/alarms/view";
import { ApiError } from "@/lib/shared/core/errors";
import type { SharedStore } from "@/lib/server/store";
import { readAlarmPage, type UsmCall } from "@/lib/server/usm";
import type { ExportPlan, ExportProgress } from "@/lib/shared/export/contract";
import { exportScopeName } from "@/lib/shared/export/file-name";
import {
  freezeQuery,
  readAllDeploymentsView,
  readExportId,
  readExportParams,
  readView,
  viewLogSearch,
} from "@/lib/server/export/input";
import { indexExportBatches } from "@/lib/server/export/index-pages";
import { exportPageSizes } from "@/lib/server/export/pages";
import { ExportProgressStore } from "@/lib/server/export/progress";
import { startExport, type ExportRequest } from "@/lib/server/export/stream";
import {
  exportBounds,
  exportSource,
  indexExport,
  indexExportPlan,
  type IndexContext,
} from "@/lib/server/reads/export";
import type { AnalystContext, RequestContext, ScopeFor } from "@/lib/server/services/context";
import type { RouteScope } from "./deployment-route";
import { exportTeam, type ExportTeamContext } from "./export-team";
import { isSameOrigin } from "./route";

// The request -> answer logic of the export's routes (app/api/d/[deployment]/alarms/export/**
// wrap these in scopeRoute, for a deployment's key or `all`), so tests can
// call them with their own store, clock and index. A deployment's plain view is read from its
// upstream; a view the upstream cannot answer (a search, several values of a filter) and the queue
// of every deployment from the index, which answers 503 index_unavailable saying why when this
// process has none or its server is gone (as a search does).

export type { IndexContext };

interface Common {
  analyst: Analyst;
  /** The deployments the analyst may see, by key, in the configured order. */
  visible: readonly string[];
  store: SharedStore;
  now?: number;
  /** The most alarms an export writes (EXPORT_MAX_ROWS). */
  cap: number;
  index?: IndexContext;
  /** The console's database (the team's columns, the audit); its origin, for each alarm's link. */
  database?: () => Promise<DatabaseState>;
  origin?: string;
  /** Tests: page sizes, a hook between reads, how often cancel is looked for. */
  tuning?: Pick<ExportRequest, "pageSizes" | "beforeRead" | "cancelPollMs">;
}

export interface ExportContext extends Common {
  deployment: Deployment;
  call: UsmCall;
}

export type AllExportContext = Common;

function indexPlan(view: ListView, scope: ScopeFor, context: Common): Promise<ExportPlan> {
  const now = context.now ?? Date.now();
  return indexExportPlan(view, scope, { now, cap: context.cap, index: context.index ?? {} });
}

/** The file of an index view: `label` names it (and the log line), `logSearch` the view. */
async function indexDownload(
  request: NextRequest,
  target: { view: ListView; scope: ScopeFor; label: string; logSearch: string; all?: true },
  context: Common,
): Promise<Response> {
  const { format, id } = readExportParams(request.nextUrl.searchParams);
  const now = context.now ?? Date.now();
  const index = context.index ?? {};
  const { read, view } = await indexExport(target.view, target.scope, now, index);
  const cap = context.cap;
  // The audit's scope: the deployment, or every one the queue's export covered.
  const scope = target.all ? { all: target.scope.deployments } : { deployment: target.label };
  const team = await exportTeam(request, { scope, format }, teamContext(context));
  return startExport({
    ...team,
    analyst: context.analyst.id,
    deployment: target.label,
    store: context.store,
    query: view.query,
    search: target.logSearch,
    zone: target.view.tz,
    format,
    id,
    cap,
    signal: request.signal,
    startedAt: now,
    cancelPollMs: context.tuning?.cancelPollMs,
    source: (signal) =>
      indexExportBatches({
        read,
        view,
        cap,
        signal,
        pageSize: index.pageSize,
        beforeRead: context.tuning?.beforeRead,
      }),
  });
}

/** A deployment's view in the index: that deployment, among those the analyst may see. */
function deploymentIndexScope({ analyst, deployment, visible }: ExportContext): ScopeFor {
  return { allowed: visible, deployments: [deployment.key], analyst: analyst.id };
}

/** GET …/export/plan?<view>: how many alarms an export of the view holds, the cap, the bounds. */
export async function exportPlan(url: URL, context: ExportContext): Promise<ExportPlan> {
  const view = readView(url.searchParams);
  if (exportSource(view, "deployment") === "index") {
    return indexPlan(view, deploymentIndexScope(context), context);
  }
  const query = freezeQuery(view.query, context.now ?? Date.now());
  // The analyst's own read (they wait on it), fresh: the count as of the frozen bounds.
  const page = (await readAlarmPage({ ...query, size: 10 }, context.call, { fresh: true })).value();
  return {
    total: page.page.totalElements,
    cap: context.cap,
    ...exportBounds(query),
    source: "upstream",
  };
}

/** GET …/export?<view>&format&id: the file, streamed. */
export async function exportDownload(
  request: NextRequest,
  context: ExportContext,
): Promise<Response> {
  const params = request.nextUrl.searchParams;
  const view = readView(params, ["format", "id"]);
  if (exportSource(view, "deployment") === "index") {
    const scope = deploymentIndexScope(context);
    const label = context.deployment.key;
    return indexDownload(request, { view, scope, label, logSearch: viewLogSearch(view) }, context);
  }
  const { format, id } = readExportParams(params);
  const now = context.now ?? Date.now();
  const scope = { deployment: context.deployment.key };
  const team = await exportTeam(request, { scope, format }, teamContext(context));
  return startExport({
    ...team,
    analyst: context.analyst.id,
    deployment: context.deployment.key,
    client: context.call.client,
    store: context.store,
    query: freezeQuery(view.query, now),
    search: viewLogSearch(view),
    zone: view.tz,
    format,
    id,
    cap: context.cap,
    signal: request.signal,
    startedAt: now,
    ...context.tuning,
    pageSizes: context.tuning?.pageSizes ?? exportPageSizes(serverEnv().export.pageSize),
  });
}

/** The deployments an export of the queue reads: those it names, else every one visible. */
const allScope = (named: readonly string[], { visible, analyst }: Common): ScopeFor => ({
  allowed: visible,
  deployments: named.length > 0 ? named : visible,
  analyst: analyst.id,
});

/** GET /api/d/all/alarms/export/plan?<view>&deployments: the plan of the queue's view. */
export async function allExportPlan(url: URL, context: AllExportContext): Promise<ExportPlan> {
  const { view, named } = readAllDeploymentsView(url.searchParams, context.visible);
  exportSource(view, "all"); // the index's alone (READ_RULES.allDeployments)
  return indexPlan(view, allScope(named, context), context);
}

/** GET /api/d/all/alarms/export?<view>&deployments&format&id: the queue's file, from the index. */
export async function allExportDownload(
  request: NextRequest,
  context: AllExportContext,
): Promise<Response> {
  const params = request.nextUrl.searchParams;
  const { view, named } = readAllDeploymentsView(params, context.visible, ["format", "id"]);
  exportSource(view, "all"); // the index's alone (READ_RULES.allDeployments)
  const target = {
    view,
    scope: allScope(named, context),
    label: exportScopeName(named),
    logSearch: viewLogSearch(view, named),
    all: true as const,
  };
  return indexDownload(request, target, context);
}

/** GET …/export/{id}: the asking analyst's export's progress; not_found for anyone else's. */
export async function exportProgress(
  rawId: string,
  analyst: Analyst,
  store: SharedStore,
): Promise<ExportProgress> {
  return new ExportProgressStore(store).get(analyst.id, readExportId(rawId));
}

/** DELETE …/export/{id}: stops the asking analyst's export; not_found for anyone else's. */
export async function exportCancel(
  rawId: string,
  analyst: Analyst,
  sameOrigin: boolean,
  store: SharedStore,
): Promise<ExportProgress> {
  if (!sameOrigin) throw new ApiError("forbidden", "Cancel an export from the console itself.");
  return new ExportProgressStore(store).cancel(analyst.id, readExportId(rawId));
}

const teamContext = (context: Common): ExportTeamContext => ({
  analystId: context.analyst.id,
  database: context.database,
  origin: context.origin,
  now: () => context.now ?? Date.now(),
});

/** What an export takes of the request's context: whose deployments, the store, the cap, the db. */
export function exportContext(
  context: RequestContext,
): Pick<Common, "visible" | "store" | "cap" | "database" | "origin"> {
  const { scope, services } = context;
  return {
    visible: scope.allowed,
    store: services.store,
    cap: services.env.export.maxRows,
    database: services.database,
    origin: services.env.auth.url,
  };
}

/** The export of `scope`'s view: one deployment's, or that of every one the analyst may see. */
function scopeExport<T>(
  scope: RouteScope,
  context: AnalystContext,
  one: (context: ExportContext) => Promise<T>,
  all: (context: AllExportContext) => Promise<T>,
): Promise<T> {
  const common = { analyst: context.analyst, ...exportContext(context) };
  if (scope.kind === "all") return all(common);
  return one({ ...common, deployment: scope.deployment, call: scope.call });
}

/** GET /api/d/{key|all}/alarms/export/plan?<view>: the plan of the scope's export. */
export function scopeExportPlan(url: URL, scope: RouteScope, context: AnalystContext) {
  return scopeExport(
    scope,
    context,
    (one) => exportPlan(url, one),
    (all) => allExportPlan(url, all),
  );
}

/** GET /api/d/{key|all}/alarms/export?<view>&format&id: the scope's file, streamed. */
export function scopeExportDownload(
  request: NextRequest,
  scope: RouteScope,
  context: AnalystContext,
) {
  return scopeExport(
    scope,
    context,
    (one) => exportDownload(request, one),
    (all) => allExportDownload(request, all),
  );
}

/** DELETE …/export/{id} as its routes call it: from the console itself, on the context's store. */
export function cancelExport(request: NextRequest, rawId: string, context: AnalystContext) {
  const { env, store } = context.services;
  return exportCancel(rawId, context.analyst, isSameOrigin(request, env.auth.url), store);
}
