// POST /api/d/{deployment}/alarms/{uuid}/triage/label/retry - write the verdict's USM label again after it failed for good
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { postLabelRetry } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

type Params = { deployment: string; uuid: string };

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: deploymentRoute<Params>(
    "POST /api/d/[deployment]/alarms/[uuid]/triage/label/retry",
    ({ params, ...input }) => postLabelRetry(input, params.uuid),
  ),
});
