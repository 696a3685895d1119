// GET /api/d/{deployment}/alarms - one page of a deployment's alarms (page, size, sort and filters in the query string; q searches the index)
import { alarmList } from "@/lib/server/api/alarm-routes";
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { scopeFor } from "@/lib/server/services/context";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute("GET /api/d/[deployment]/alarms", ({ request, call, context }) =>
    alarmList(
      request.nextUrl,
      call,
      /no-cache/i.test(request.headers.get("cache-control") ?? ""),
      scopeFor(context),
    ),
  ),
});
