// GET /api/d/{deployment}/alarms/export?<view>&format=csv|ndjson|json&id=<id> - the view's alarms as a file, streamed
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { exportContext, exportDownload } from "@/lib/server/api/export-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute(
    "GET /api/d/[deployment]/alarms/export",
    ({ request, analyst, deployment, call, context }) =>
      exportDownload(request, { analyst, deployment, call, ...exportContext(context) }),
  ),
});
