// GET /api/d/{deployment|all}/alarms/export/{id} - the progress of one of the analyst's exports; DELETE cancels it
import { scopeRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { cancelExport, exportProgress } from "@/lib/server/api/export-routes";

export const dynamic = "force-dynamic";

type Params = { deployment: string; id: string };

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: scopeRoute<Params>(
    "GET /api/d/[deployment]/alarms/export/[id]",
    ({ params, analyst, context }) => exportProgress(params.id, analyst, context.services.store),
  ),
  DELETE: scopeRoute<Params>(
    "DELETE /api/d/[deployment]/alarms/export/[id]",
    ({ request, params, context }) => cancelExport(request, params.id, context),
  ),
});
