// GET /api/d/{deployment}/alarms/export/plan?<view> - how many alarms an export of the view would hold, the cap, the frozen bounds
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { exportContext, exportPlan } from "@/lib/server/api/export-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute(
    "GET /api/d/[deployment]/alarms/export/plan",
    ({ request, analyst, deployment, call, context }) =>
      exportPlan(request.nextUrl, { analyst, deployment, call, ...exportContext(context) }),
  ),
});
