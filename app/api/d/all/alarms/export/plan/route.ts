// GET /api/d/all/alarms/export/plan?<view>&deployments - how many alarms an export of the queue of every deployment would hold, the cap, the frozen bounds
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { allExportPlan, exportContext } from "@/lib/server/api/export-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/d/all/alarms/export/plan", ({ request, analyst, context }) =>
    allExportPlan(request.nextUrl, { analyst, ...exportContext(context) }),
  ),
});
