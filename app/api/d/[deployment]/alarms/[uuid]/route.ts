// GET /api/d/{deployment}/alarms/{uuid} - one alarm with its events, sources and destinations
import { alarmDetail } from "@/lib/server/api/alarm-routes";
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute<{ deployment: string; uuid: string }>(
    "GET /api/d/[deployment]/alarms/[uuid]",
    ({ params, call }) => alarmDetail(params.uuid, call),
  ),
});
