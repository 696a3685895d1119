// GET /api/d/all/alarms/triage?alarm=<deployment>:<uuid>… - what the queue's page shows of its alarms' triage
// POST /api/d/all/alarms/triage {"view", "alarms"?, "action", "dryRun"?, "expect"?} - one triage action on the queue's rows chosen or every alarm of its view
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { BULK_BODY, bulkTriage } from "@/lib/server/api/triage-bulk";
import { triageSummaries } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/d/all/alarms/triage", ({ request, context }) =>
    triageSummaries(request.nextUrl, context.scope.visible),
  ),
  POST: analystRoute(
    "POST /api/d/all/alarms/triage",
    ({ body, analyst, context }) =>
      bulkTriage(body, { analyst, deployment: null, visible: context.scope.visible }),
    { body: BULK_BODY },
  ),
});
