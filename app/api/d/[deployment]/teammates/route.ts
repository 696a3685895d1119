// GET /api/d/{deployment}/teammates - the analysts an alarm of this deployment may be assigned to
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { deploymentTeammates } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute("GET /api/d/[deployment]/teammates", ({ deployment, analyst }) =>
    deploymentTeammates(deployment, analyst),
  ),
});
