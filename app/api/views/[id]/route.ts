// PATCH /api/views/{id} {name?, view?, shared?} - rename, repoint or share one's view; DELETE - delete it
import { analystRoute, routeMethods, type AnalystInput } from "@/lib/server/api/route";
import {
  VIEW_CHANGE_BODY,
  type ViewChangeBody,
  patchView,
  removeView,
} from "@/lib/server/api/view-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  PATCH: analystRoute(
    "PATCH /api/views/[id]",
    ({ params, analyst, body }: AnalystInput<{ id: string }, undefined, ViewChangeBody>) =>
      patchView(analyst, params.id, body),
    { body: VIEW_CHANGE_BODY },
  ),
  DELETE: analystRoute<{ id: string }>("DELETE /api/views/[id]", ({ params, analyst }) =>
    removeView(analyst, params.id),
  ),
});
