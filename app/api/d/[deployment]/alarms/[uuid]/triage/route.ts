// GET /api/d/{deployment}/alarms/{uuid}/triage - the alarm's owner, acknowledgement, notes and history
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { alarmTriage } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute<{ deployment: string; uuid: string }>(
    "GET /api/d/[deployment]/alarms/[uuid]/triage",
    ({ params, ...input }) => alarmTriage(input, params.uuid),
  ),
});
