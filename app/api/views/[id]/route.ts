// PATCH /api/views/{id} {name?, view?, shared?} - rename, repoint or share one's view; DELETE - delete it
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { patchView, removeView } from "@/lib/server/api/view-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  PATCH: analystRoute<{ id: string }>("PATCH /api/views/[id]", ({ request, params, analyst }) =>
    patchView(request, analyst, params.id),
  ),
  DELETE: analystRoute<{ id: string }>("DELETE /api/views/[id]", ({ params, analyst }) =>
    removeView(analyst, params.id),
  ),
});
