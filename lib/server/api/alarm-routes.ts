import "server-only";
import type { NextRequest } from "next/server";
import { forgetIfGone, indexStatuses, refreshIndexedAlarm } from "@/lib/server/mirror/sync";
import type { Deployment } from "@/lib/server/deployments/registry";
import { asApiError } from "@/lib/shared/core/errors";
import type { AlarmPage } from "@/lib/shared/alarms/types";
import { fetchHealth, readAlarm, type UsmCall, readCatalogue } from "@/lib/server/usm";
import type { IndexInput } from "@/lib/server/reads/index-read";
import { readDeploymentPage } from "@/lib/server/reads/list";
import { allList } from "@/lib/server/reads/queue";
import { scopeFor, type AnalystContext, type ScopeFor } from "@/lib/server/services/context";
import type { RouteScope } from "./deployment-route";
import { listQuery, parseQuery } from "./request-input";
import { JsonText } from "./route";

// The request -> data logic of the browser's alarm and health API, without the session check
// (app/api/** wrap these in analystRoute), so tests can call them directly through respond().

/**
 * GET /api/d/{deployment}/alarms?page&size&sort&<filters>[&q]: one AlarmPage, or 400 naming the
 * wrong parameter. Without `q` from the upstream; with it (or several values of a filter, which
 * the upstream cannot filter by), a read of the index (`search`: whose
 * alarms the analyst may read, and the index to read in tests), saying so in its `source`.
 * `fresh` (the request said Cache-Control: no-cache; the live queue's Show) reads the upstream
 * anew instead of taking a page another analyst read a moment ago, which may lack the alarms
 * just announced. Still the analyst's own call, within their share.
 */
export async function alarmList(
  url: URL,
  call: UsmCall,
  fresh = false,
  search?: ScopeFor & IndexInput,
): Promise<JsonText | AlarmPage> {
  const query = parseQuery(url.searchParams, listQuery());
  const read = await readDeploymentPage(query, call, { fresh, index: search });
  return read.source === "index" ? read.page : new JsonText(read.read.json);
}

/**
 * GET /api/d/{key|all}/alarms: one page of the deployment's alarms (alarmList), or of the queue
 * of every deployment the analyst may see (the read seam's, lib/server/reads/queue.ts).
 */
export function scopeList(request: NextRequest, scope: RouteScope, context: AnalystContext) {
  if (scope.kind === "all") {
    return allList(request.nextUrl.searchParams, scope.visible, context.analyst.id);
  }
  const fresh = /no-cache/i.test(request.headers.get("cache-control") ?? "");
  return alarmList(request.nextUrl, scope.call, fresh, scopeFor(context));
}

/**
 * GET /api/d/{deployment}/alarms/{uuid}: one AlarmDetail; 404 for an unknown id or one that is
 * not a uuid. The alarm as read refreshes its row of the index (in the background); one the
 * deployment answers 404 for leaves the index before the 404 is answered.
 */
export async function alarmDetail(uuid: string, call: UsmCall): Promise<JsonText> {
  const detail = await readAlarm(uuid, call).catch(async (error: unknown) => {
    await forgetIfGone(error, call.client.source.deployment, uuid);
    throw error;
  });
  refreshIndexedAlarm(detail.value());
  return new JsonText(detail.json);
}

/**
 * The catalogue's answers may stay in the analyst's browser this long: it grows slowly, and a
 * list page that asks for it on every filter change then costs one request a minute.
 */
export const CATALOGUE_CACHE_CONTROL = "private, max-age=60";

/**
 * GET /api/d/{deployment}/alarms/catalogue: the rule intents, strategies and methods and the
 * sensors seen for the deployment, most often seen first (ties by name), and each strategy's
 * methods, for the list's filter suggestions.
 */
export async function alarmCatalogue(call: UsmCall): Promise<JsonText> {
  return new JsonText((await readCatalogue(call)).json);
}

/**
 * GET /api/d/{deployment}/health: whether the upstream answers, the token's expiry, the asker's
 * own queue.
 */
export function health(call: UsmCall) {
  return fetchHealth(call);
}

/**
 * GET /api/health: the same for every deployment the analyst may see, each with its answer or
 * its error in our shape (one failing deployment does not hide the others), and how far its
 * index is in step (lib/server/mirror/sync).
 */
export async function healthOfAll(deployments: readonly Deployment[], analyst: string) {
  const indexes = await indexStatuses(deployments.map((deployment) => deployment.key));
  return {
    deployments: await Promise.all(
      deployments.map(async (deployment) => {
        const about = {
          key: deployment.key,
          name: deployment.name,
          kind: deployment.kind,
          index: indexes.get(deployment.key)!,
        };
        try {
          return { ...about, health: await fetchHealth({ analyst, client: deployment.client() }) };
        } catch (error) {
          return { ...about, ...asApiError(error).toBody() };
        }
      }),
    ),
  };
}
