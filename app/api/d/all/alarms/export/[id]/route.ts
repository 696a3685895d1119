// GET /api/d/all/alarms/export/{id} - the progress of one of the analyst's exports of the queue of every deployment; DELETE cancels it
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { cancelExport, exportProgress } from "@/lib/server/api/export-routes";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute<Params>("GET /api/d/all/alarms/export/[id]", ({ params, analyst, context }) =>
    exportProgress(params.id, analyst, context.services.store),
  ),
  DELETE: analystRoute<Params>(
    "DELETE /api/d/all/alarms/export/[id]",
    ({ request, params, context }) => cancelExport(request, params.id, context),
  ),
});
