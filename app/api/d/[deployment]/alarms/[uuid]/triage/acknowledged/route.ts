// PUT /api/d/{deployment}/alarms/{uuid}/triage/acknowledged {"acknowledged": boolean} - mark the alarm seen and triaged, or take the mark back
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { putAcknowledged } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  PUT: deploymentRoute<{ deployment: string; uuid: string }>(
    "PUT /api/d/[deployment]/alarms/[uuid]/triage/acknowledged",
    ({ request, params, ...input }) => putAcknowledged(request, input, params.uuid),
  ),
});
