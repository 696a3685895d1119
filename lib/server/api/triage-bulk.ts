import "server-only";
import type { z } from "zod";
import { DEPLOYMENTS_KEY } from "@/lib/shared/alarms/view";
import { toSearchParams } from "@/lib/shared/alarms/query";
import { freezeQuery, readAllDeploymentsView, readView } from "@/lib/server/export/input";
import type { ExportView } from "@/lib/server/search/export-read";
import { runBulkTriage, type BulkAnswer } from "@/lib/server/triage/bulk";
import { bulkInput, chosenAlarms, type BulkScope } from "@/lib/server/triage/bulk-input";
import { NOTE_BODY_BYTES, TRIAGE_BODY_BYTES } from "@/lib/server/triage/input";
import { nowOf, type TriageContext } from "@/lib/server/triage/pipeline";
import { jsonBody } from "./request-input";
import { readSearch } from "./search-routes";

// POST /api/d/{key}/alarms/triage and /api/d/all/alarms/triage: one triage action on many alarms
// (lib/server/triage/bulk.ts says how). Here the body (read and checked by the route wrapper), the view it names read
// as the list reads it (its search too) and its range frozen, and the rows chosen checked against
// the route's deployments.

/** The view a bulk action names, as the list reads it, its range frozen at `now`. */
function exportViewOf(raw: string, scope: BulkScope, now: number): ExportView {
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw);
  const keys = scope.visible.map((deployment) => deployment.key);
  const { view, named } = scope.deployment
    ? { view: readView(params), named: [scope.deployment.key] }
    : readAllDeploymentsView(params, keys);
  const search = view.query.q === undefined ? null : readSearch(view.query.q, scope.analyst.id);
  return {
    allowed: keys,
    deployments: named.length > 0 ? named : keys,
    search,
    query: freezeQuery(view.query, now),
  };
}

/** The frozen view as a query string (what the analyst confirms). */
function viewString(view: ExportView, scope: BulkScope): string {
  const params = toSearchParams({ ...view.query, page: 0 });
  if (!scope.deployment) params.set(DEPLOYMENTS_KEY, view.deployments.join(","));
  return params.toString();
}

/** The body of a bulk action, as the route wrapper reads it. */
export const BULK_BODY = jsonBody(bulkInput, NOTE_BODY_BYTES + TRIAGE_BODY_BYTES);

export async function bulkTriage(
  { view: raw, alarms, ...body }: z.infer<typeof bulkInput>,
  scope: BulkScope,
  context: TriageContext = {},
): Promise<BulkAnswer> {
  const now = nowOf(context);
  const view = exportViewOf(raw, scope, now);
  const asked = {
    ...body,
    view,
    frozen: viewString(view, scope),
    rolling: new URLSearchParams(raw).has("range"),
    chosen: alarms && chosenAlarms(alarms, scope),
    now,
  };
  return runBulkTriage(scope, asked, context);
}
