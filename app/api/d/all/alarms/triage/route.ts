// GET /api/d/all/alarms/triage?alarm=<deployment>:<uuid>… - what the queue's page shows of its alarms' triage
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { triageSummaries } from "@/lib/server/api/triage-routes";
import { deploymentRegistry } from "@/lib/server/deployments/registry";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/d/all/alarms/triage", ({ request, analyst }) =>
    triageSummaries(request.nextUrl, deploymentRegistry().visibleTo(analyst)),
  ),
});
