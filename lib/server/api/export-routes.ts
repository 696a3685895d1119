import "server-only";
import type { NextRequest } from "next/server";
import type { Analyst } from "@/lib/server/auth/session";
import type { Deployment } from "@/lib/server/deployments/registry";
import { serverEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/shared/core/errors";
import { sharedStore, type SharedStore } from "@/lib/server/store";
import { readAlarmPage, type UsmCall } from "@/lib/server/usm";
import type { ExportPlan, ExportProgress } from "@/lib/shared/export/contract";
import {
  freezeQuery,
  readExportId,
  readExportParams,
  readView,
  viewLogSearch,
} from "@/lib/server/export/input";
import { exportPageSizes } from "@/lib/server/export/pages";
import { ExportProgressStore } from "@/lib/server/export/progress";
import { startExport, type ExportRequest } from "@/lib/server/export/stream";

// The request -> answer logic of the export's routes (app/api/d/[deployment]/alarms/export/**
// wrap these in deploymentRoute), so tests can call them with their own store and clock.

export interface ExportContext {
  analyst: Analyst;
  deployment: Deployment;
  call: UsmCall;
  store?: SharedStore;
  now?: number;
  /** The most alarms an export writes; default EXPORT_MAX_ROWS. */
  cap?: number;
  /** Tests: page sizes, a hook between reads, how often cancel is looked for. */
  tuning?: Pick<ExportRequest, "pageSizes" | "beforeRead" | "cancelPollMs">;
}

const capOf = (context: ExportContext) => context.cap ?? serverEnv().export.maxRows;

/** GET …/export/plan?<view>: how many alarms an export of the view holds, the cap, the bounds. */
export async function exportPlan(url: URL, context: ExportContext): Promise<ExportPlan> {
  const view = readView(url.searchParams);
  const query = freezeQuery(view.query, context.now ?? Date.now());
  // The analyst's own read (they wait on it), fresh: the count as of the frozen bounds.
  const page = (await readAlarmPage({ ...query, size: 10 }, context.call, { fresh: true })).value();
  return {
    total: page.page.totalElements,
    cap: capOf(context),
    gte: query.filters.timestamp_occured_gte ?? null,
    lte: query.filters.timestamp_occured_lte!,
  };
}

/** GET …/export?<view>&format&id: the file, streamed. */
export async function exportDownload(
  request: NextRequest,
  context: ExportContext,
): Promise<Response> {
  const params = request.nextUrl.searchParams;
  const view = readView(params, ["format", "id"]);
  const { format, id } = readExportParams(params);
  const now = context.now ?? Date.now();
  return startExport({
    analyst: context.analyst.id,
    deployment: context.deployment.key,
    client: context.call.client,
    store: context.store ?? sharedStore(),
    query: freezeQuery(view.query, now),
    search: viewLogSearch(view),
    zone: view.tz,
    format,
    id,
    cap: capOf(context),
    signal: request.signal,
    startedAt: now,
    pageSizes: exportPageSizes(serverEnv().export.pageSize),
    ...context.tuning,
  });
}

/** GET …/export/{id}: the asking analyst's export's progress; not_found for anyone else's. */
export async function exportProgress(
  rawId: string,
  analyst: Analyst,
  store: SharedStore = sharedStore(),
): Promise<ExportProgress> {
  return new ExportProgressStore(store).get(analyst.id, readExportId(rawId));
}

/** DELETE …/export/{id}: stops the asking analyst's export; not_found for anyone else's. */
export async function exportCancel(
  rawId: string,
  analyst: Analyst,
  sameOrigin: boolean,
  store: SharedStore = sharedStore(),
): Promise<ExportProgress> {
  if (!sameOrigin) throw new ApiError("forbidden", "Cancel an export from the console itself.");
  return new ExportProgressStore(store).cancel(analyst.id, readExportId(rawId));
}
