// GET /api/views - the analyst's saved views and the team's; POST /api/views {name, view, shared} - save one
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { NEW_VIEW_BODY, postView, viewsMenu } from "@/lib/server/api/view-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/views", ({ analyst }) => viewsMenu(analyst)),
  POST: analystRoute("POST /api/views", ({ analyst, body }) => postView(analyst, body), {
    body: NEW_VIEW_BODY,
  }),
});
