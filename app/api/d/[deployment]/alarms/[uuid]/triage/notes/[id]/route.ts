// PATCH|DELETE /api/d/{deployment}/alarms/{uuid}/triage/notes/{id} - edit or delete one's own note, within 15 minutes
import { deploymentRoute, type DeploymentInput } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { NOTE_BODY, type NoteBody, patchNote, removeNote } from "@/lib/server/api/triage-routes";

export const dynamic = "force-dynamic";

type Params = { deployment: string; uuid: string; id: string };

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  PATCH: deploymentRoute(
    "PATCH /api/d/[deployment]/alarms/[uuid]/triage/notes/[id]",
    ({ params, body, ...input }: DeploymentInput<Params, undefined, NoteBody>) =>
      patchNote(input, params.uuid, params.id, body),
    { body: NOTE_BODY },
  ),
  DELETE: deploymentRoute<Params>(
    "DELETE /api/d/[deployment]/alarms/[uuid]/triage/notes/[id]",
    ({ params, ...input }) => removeNote(input, params.uuid, params.id),
  ),
});
