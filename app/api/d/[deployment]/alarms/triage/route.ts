// GET /api/d/{deployment}/alarms/triage?uuid=… - what a list page shows of its alarms' triage (owner, acknowledged, notes)
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { triageSummaries } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute("GET /api/d/[deployment]/alarms/triage", ({ request, deployment }) =>
    triageSummaries(request.nextUrl, [deployment]),
  ),
});
