// POST /api/d/{deployment}/alarms/{uuid}/triage/notes {"text": "…"} - add a note to the alarm
import { deploymentRoute, type DeploymentInput } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { NOTE_BODY, type NoteBody, postNote } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: deploymentRoute(
    "POST /api/d/[deployment]/alarms/[uuid]/triage/notes",
    ({
      params,
      body,
      ...input
    }: DeploymentInput<{ deployment: string; uuid: string }, undefined, NoteBody>) =>
      postNote(input, params.uuid, body),
    { body: NOTE_BODY },
  ),
});
