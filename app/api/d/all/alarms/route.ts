// GET /api/d/all/alarms - one page of the merged queue of every deployment the analyst may see (cursor, size, filters)
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { parseMergedRequest, readMergedQueue } from "@/lib/server/queue/read";
import { deploymentRegistry } from "@/lib/server/deployments/registry";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/d/all/alarms", ({ request, analyst }) =>
    readMergedQueue(
      parseMergedRequest(request.nextUrl.searchParams, deploymentRegistry().visibleTo(analyst)),
      analyst.id,
    ),
  ),
});
