// GET /api/health - for a signed-in analyst: for each deployment they may see, whether it answers,
// when its token expires, its budget and the analyst's own calls waiting (nobody else's)
import { healthOfAll } from "@/lib/server/api/alarm-routes";
import { analystRoute, routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/health", ({ analyst, context }) =>
    healthOfAll(context.scope.visible, analyst.id),
  ),
});
