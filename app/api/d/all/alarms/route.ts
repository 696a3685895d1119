// GET /api/d/all/alarms - one page of the merged queue of every deployment the analyst may see (cursor, size, filters; q searches the index)
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { mergedList } from "@/lib/server/api/search-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/d/all/alarms", ({ request, analyst, context }) =>
    mergedList(request.nextUrl.searchParams, context.scope.visible, analyst.id),
  ),
});
