// GET /api/d/all/alarms/export/{id} - the progress of one of the analyst's exports of the queue of every deployment; DELETE cancels it
import { analystRoute, isSameOrigin, routeMethods } from "@/lib/server/api/route";
import { serverEnv } from "@/lib/server/env";
import { exportCancel, exportProgress } from "@/lib/server/api/export-routes";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute<Params>("GET /api/d/all/alarms/export/[id]", ({ params, analyst }) =>
    exportProgress(params.id, analyst),
  ),
  DELETE: analystRoute<Params>(
    "DELETE /api/d/all/alarms/export/[id]",
    ({ request, params, analyst }) =>
      exportCancel(params.id, analyst, isSameOrigin(request, serverEnv().auth.url)),
  ),
});
