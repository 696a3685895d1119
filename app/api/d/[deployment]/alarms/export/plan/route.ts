// GET /api/d/{deployment|all}/alarms/export/plan?<view> - how many alarms an export of the view would hold, the cap, the frozen bounds
import { scopeRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { scopeExportPlan } from "@/lib/server/api/export-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: scopeRoute("GET /api/d/[deployment]/alarms/export/plan", ({ request, scope, context }) =>
    scopeExportPlan(request.nextUrl, scope, context),
  ),
});
