// GET /api/alarms - one page of alarms (page, size, sort and filters in the query string)
import { alarmList } from "@/lib/api/alarm-routes";
import { analystRoute, routeMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/alarms", ({ request, analyst }) =>
    alarmList(request.nextUrl, { analyst: analyst.id }),
  ),
});
