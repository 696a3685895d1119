// GET /api/d/{deployment}/alarms/triage?uuid=… (for all: ?alarm=<deployment>:<uuid>…) - what a list page shows of its alarms' triage (owner, acknowledged, notes)
// POST /api/d/{deployment|all}/alarms/triage {"view", "alarms"?, "action", "dryRun"?, "expect"?} - one triage action on the rows chosen or every alarm of the view
import { scopeDeployments, scopeRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { BULK_BODY, bulkTriage } from "@/lib/server/api/triage-bulk";
import { triageSummaries } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: scopeRoute("GET /api/d/[deployment]/alarms/triage", ({ request, scope }) =>
    triageSummaries(request.nextUrl, scopeDeployments(scope)),
  ),
  POST: scopeRoute(
    "POST /api/d/[deployment]/alarms/triage",
    ({ body, analyst, scope, context }) =>
      bulkTriage(body, {
        analyst,
        deployment: scope.kind === "deployment" ? scope.deployment : null,
        visible: context.scope.visible,
      }),
    { body: BULK_BODY },
  ),
});
