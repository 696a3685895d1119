// PUT /api/views/{id}/default - the analyst's deployment lists (or queue) open on this view when reached bare; DELETE - they stop
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { deleteDefaultView, putDefaultView } from "@/lib/server/api/view-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  PUT: analystRoute<{ id: string }>("PUT /api/views/[id]/default", ({ params, analyst }) =>
    putDefaultView(analyst, params.id),
  ),
  DELETE: analystRoute<{ id: string }>("DELETE /api/views/[id]/default", ({ params, analyst }) =>
    deleteDefaultView(analyst, params.id),
  ),
});
