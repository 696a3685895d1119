// GET /api/d/{deployment}/alarms/triage?uuid=… - what a list page shows of its alarms' triage (owner, acknowledged, notes)
// POST /api/d/{deployment}/alarms/triage {"view", "alarms"?, "action", "dryRun"?, "expect"?} - one triage action on the rows chosen or every alarm of the view
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { BULK_BODY, bulkTriage } from "@/lib/server/api/triage-bulk";
import { triageSummaries } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute("GET /api/d/[deployment]/alarms/triage", ({ request, deployment }) =>
    triageSummaries(request.nextUrl, [deployment]),
  ),
  POST: deploymentRoute(
    "POST /api/d/[deployment]/alarms/triage",
    ({ body, analyst, deployment, context }) =>
      bulkTriage(body, { analyst, deployment, visible: context.scope.visible }),
    { body: BULK_BODY },
  ),
});
