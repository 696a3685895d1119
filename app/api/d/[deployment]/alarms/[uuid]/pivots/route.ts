// GET /api/d/{deployment}/alarms/{uuid}/pivots?<field>=<value>…&<range> - counts of the detail's values and its related alarms, from the index
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { alarmPivots } from "@/lib/server/api/pivot-routes";
import { routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute<{ deployment: string; uuid: string }>(
    "GET /api/d/[deployment]/alarms/[uuid]/pivots",
    ({ request, params, deployment, context }) =>
      alarmPivots(request.nextUrl, deployment.key, params.uuid, {
        database: context.services.database,
        now: context.now(),
      }),
  ),
});
