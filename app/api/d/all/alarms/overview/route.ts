// GET /api/d/all/alarms/overview?part=priority|status|intent|histogram&deployments&<the list's filters> - one section of the overview of every deployment the analyst may see (or those `deployments` names), from the index
import { mergedOverview } from "@/lib/server/api/overview-routes";
import { analystRoute, routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/d/all/alarms/overview", ({ request, context }) =>
    mergedOverview(
      request.nextUrl,
      context.scope.allowed,
      { analyst: context.analyst.id },
      request.signal,
    ),
  ),
});
