// PUT|DELETE /api/d/{deployment}/alarms/{uuid}/triage/closed {"verdict", "reason"?, "duplicateOf"?} - close the alarm for the team with a verdict, or reopen it
import { deploymentRoute, type DeploymentInput } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import {
  CLOSE_BODY,
  type CloseBody,
  deleteClosed,
  putClosed,
} from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

type Params = { deployment: string; uuid: string };

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  PUT: deploymentRoute(
    "PUT /api/d/[deployment]/alarms/[uuid]/triage/closed",
    ({ params, body, ...input }: DeploymentInput<Params, undefined, CloseBody>) =>
      putClosed(input, params.uuid, body),
    { body: CLOSE_BODY },
  ),
  DELETE: deploymentRoute<Params>(
    "DELETE /api/d/[deployment]/alarms/[uuid]/triage/closed",
    ({ params, ...input }) => deleteClosed(input, params.uuid),
  ),
});
