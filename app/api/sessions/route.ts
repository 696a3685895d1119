// DELETE /api/sessions - "sign out everywhere": every session of the signed-in analyst ends
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { endAllSessions } from "@/lib/server/api/session-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  DELETE: analystRoute("DELETE /api/sessions", ({ request, context }) =>
    endAllSessions(request, context),
  ),
});
