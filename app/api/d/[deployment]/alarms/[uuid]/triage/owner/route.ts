// PUT /api/d/{deployment}/alarms/{uuid}/triage/owner {"owner": handle|null, "from"?} - take, assign or release the alarm
import { deploymentRoute, type DeploymentInput } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { OWNER_BODY, type OwnerBody, putOwner } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  PUT: deploymentRoute(
    "PUT /api/d/[deployment]/alarms/[uuid]/triage/owner",
    ({
      params,
      body,
      ...input
    }: DeploymentInput<{ deployment: string; uuid: string }, undefined, OwnerBody>) =>
      putOwner(input, params.uuid, body),
    { body: OWNER_BODY },
  ),
});
