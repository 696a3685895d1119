// GET /api/d/{deployment|all}/alarms/export?<view>&format=csv|ndjson|json&id=<id> - the view's alarms as a file, streamed (for all: of every deployment the analyst may see, or those `deployments` names, from the index)
import { scopeRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { scopeExportDownload } from "@/lib/server/api/export-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: scopeRoute("GET /api/d/[deployment]/alarms/export", ({ request, scope, context }) =>
    scopeExportDownload(request, scope, context),
  ),
});
