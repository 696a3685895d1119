// GET /api/d/{deployment}/alarms/export/{id} - the progress of one of the analyst's exports; DELETE cancels it
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { isSameOrigin, routeMethods } from "@/lib/server/api/route";
import { serverEnv } from "@/lib/server/env";
import { exportCancel, exportProgress } from "@/lib/server/api/export-routes";

export const dynamic = "force-dynamic";

type Params = { deployment: string; id: string };

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute<Params>(
    "GET /api/d/[deployment]/alarms/export/[id]",
    ({ params, analyst }) => exportProgress(params.id, analyst),
  ),
  DELETE: deploymentRoute<Params>(
    "DELETE /api/d/[deployment]/alarms/export/[id]",
    ({ request, params, analyst }) =>
      exportCancel(params.id, analyst, isSameOrigin(request, serverEnv().auth.url)),
  ),
});
