// GET /api/d/{deployment}/alarms/catalogue - the rule intents, strategies, methods and sensors seen for the deployment
import { alarmCatalogue, CATALOGUE_CACHE_CONTROL } from "@/lib/server/api/alarm-routes";
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute(
    "GET /api/d/[deployment]/alarms/catalogue",
    ({ call }) => alarmCatalogue(call),
    {
      cacheControl: CATALOGUE_CACHE_CONTROL,
    },
  ),
});
