// PUT /api/d/{deployment}/alarms/{uuid}/triage/acknowledged {"acknowledged": boolean} - mark the alarm seen and triaged, or take the mark back
import { deploymentRoute, type DeploymentInput } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import {
  ACKNOWLEDGED_BODY,
  type AcknowledgedBody,
  putAcknowledged,
} from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  PUT: deploymentRoute(
    "PUT /api/d/[deployment]/alarms/[uuid]/triage/acknowledged",
    ({
      params,
      body,
      ...input
    }: DeploymentInput<{ deployment: string; uuid: string }, undefined, AcknowledgedBody>) =>
      putAcknowledged(input, params.uuid, body),
    { body: ACKNOWLEDGED_BODY },
  ),
});
