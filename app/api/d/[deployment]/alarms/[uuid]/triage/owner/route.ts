// PUT /api/d/{deployment}/alarms/{uuid}/triage/owner {"owner": handle|null, "from"?} - take, assign or release the alarm
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { putOwner } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  PUT: deploymentRoute<{ deployment: string; uuid: string }>(
    "PUT /api/d/[deployment]/alarms/[uuid]/triage/owner",
    ({ request, params, ...input }) => putOwner(request, input, params.uuid),
  ),
});
