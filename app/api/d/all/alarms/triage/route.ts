// GET /api/d/all/alarms/triage?alarm=<deployment>:<uuid>… - what the queue's page shows of its alarms' triage
// POST /api/d/all/alarms/triage {"view", "alarms"?, "action", "dryRun"?, "expect"?} - one triage action on the queue's rows chosen or every alarm of its view
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { bulkTriage } from "@/lib/server/api/triage-bulk";
import { triageSummaries } from "@/lib/server/api/triage-routes";
import { deploymentRegistry } from "@/lib/server/deployments/registry";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/d/all/alarms/triage", ({ request, analyst }) =>
    triageSummaries(request.nextUrl, deploymentRegistry().visibleTo(analyst)),
  ),
  POST: analystRoute("POST /api/d/all/alarms/triage", ({ request, analyst }) =>
    bulkTriage(request, {
      analyst,
      deployment: null,
      visible: deploymentRegistry().visibleTo(analyst),
    }),
  ),
});
