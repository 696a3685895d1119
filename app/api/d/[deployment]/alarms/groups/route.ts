// GET /api/d/{deployment|all}/alarms/groups - one page of a view's groups (group=field[,field[,field]] and the list's parameters; for all, `deployments`), from the index
import { scopeRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { scopeGroups } from "@/lib/server/api/search-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: scopeRoute("GET /api/d/[deployment]/alarms/groups", ({ request, scope, context }) =>
    scopeGroups(request.nextUrl, scope, context),
  ),
});
