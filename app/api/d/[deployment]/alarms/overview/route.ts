// GET /api/d/{deployment|all}/alarms/overview?part=priority|status|intent|histogram&<the list's filters; for all, `deployments`> - one section of a view's overview
import { scopeOverview } from "@/lib/server/api/overview-routes";
import { scopeRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: scopeRoute("GET /api/d/[deployment]/alarms/overview", ({ request, scope, context }) =>
    scopeOverview(request, scope, context),
  ),
});
