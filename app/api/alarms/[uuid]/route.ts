// GET /api/alarms/{uuid} - one alarm with its events, sources and destinations
import { alarmDetail } from "@/lib/api/alarm-routes";
import { analystRoute, routeMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute<{ uuid: string }>("GET /api/alarms/[uuid]", ({ params, analyst }) =>
    alarmDetail(params.uuid, { analyst: analyst.id }),
  ),
});
