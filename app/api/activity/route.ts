// GET /api/activity?analyst&action&deployment&from&to&before - a page of the team's audit trail the analyst may see, newest first
import { activityPage } from "@/lib/server/api/activity-routes";
import { analystRoute, routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/activity", ({ request, context }) => activityPage(request, context)),
});
