// GET /api/d/{deployment}/health - for a signed-in analyst: whether the deployment answers, when its token expires, its budget and the analyst's own calls waiting
import { health } from "@/lib/server/api/alarm-routes";
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute("GET /api/d/[deployment]/health", ({ call }) => health(call)),
});
