// GET /api/d/{deployment}/alarms/groups - one page of a view's groups (group=field[,field[,field]] and the list's parameters), from the index
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { groupList } from "@/lib/server/api/search-routes";
import { scopeFor } from "@/lib/server/services/context";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute("GET /api/d/[deployment]/alarms/groups", ({ request, context }) =>
    groupList(request.nextUrl, scopeFor(context)),
  ),
});
