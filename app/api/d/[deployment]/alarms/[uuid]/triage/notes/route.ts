// POST /api/d/{deployment}/alarms/{uuid}/triage/notes {"text": "…"} - add a note to the alarm
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { postNote } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: deploymentRoute<{ deployment: string; uuid: string }>(
    "POST /api/d/[deployment]/alarms/[uuid]/triage/notes",
    ({ request, params, ...input }) => postNote(request, input, params.uuid),
  ),
});
