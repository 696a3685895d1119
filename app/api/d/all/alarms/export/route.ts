// GET /api/d/all/alarms/export?<view>&deployments&format=csv|ndjson|json&id=<id> - the queue of every deployment the analyst may see (or those `deployments` names) as a file, from the index, streamed
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { allExportDownload, exportContext } from "@/lib/server/api/export-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/d/all/alarms/export", ({ request, analyst, context }) =>
    allExportDownload(request, { analyst, ...exportContext(context) }),
  ),
});
