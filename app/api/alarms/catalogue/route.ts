// GET /api/alarms/catalogue - the rule intents, strategies, methods and sensors seen for the deployment
import { alarmCatalogue, CATALOGUE_CACHE_CONTROL } from "@/lib/api/alarm-routes";
import { analystRoute, routeMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute(
    "GET /api/alarms/catalogue",
    ({ analyst }) => alarmCatalogue({ analyst: analyst.id }),
    { cacheControl: CATALOGUE_CACHE_CONTROL },
  ),
});
