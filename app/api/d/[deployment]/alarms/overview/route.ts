// GET /api/d/{deployment}/alarms/overview?part=priority|status|intent|histogram&<the list's filters> - one section of a view's overview
import { alarmOverview } from "@/lib/server/api/overview-routes";
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute("GET /api/d/[deployment]/alarms/overview", ({ request, call, deployment }) =>
    // From the index where it holds the deployment whole, else the upstream's counts.
    alarmOverview(request.nextUrl, call, request.signal, deployment.key),
  ),
});
