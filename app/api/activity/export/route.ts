// GET /api/activity/export?<filters>&format=csv|ndjson - the team's audit trail the analyst may see, as a file streamed while the console runs
import { activityFile } from "@/lib/server/api/activity-routes";
import { analystRoute, routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/activity/export", ({ request, context }) =>
    activityFile(request, context),
  ),
});
