// GET /api/d/{deployment}/alarms - one page of a deployment's alarms (page, size, sort and filters in the query string; q searches the index)
// GET /api/d/all/alarms - one page of the queue of every deployment the analyst may see (or those `deployments` names; cursor, size, filters; q searches the index)
import { scopeList } from "@/lib/server/api/alarm-routes";
import { scopeRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: scopeRoute("GET /api/d/[deployment]/alarms", ({ request, scope, context }) =>
    scopeList(request, scope, context),
  ),
});
