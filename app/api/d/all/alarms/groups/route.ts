// GET /api/d/all/alarms/groups - one page of the groups of every deployment the analyst may see (or those `deployments` names), from the index
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import { groupList } from "@/lib/server/api/search-routes";
import { mergedGroupScope } from "@/lib/server/deployments/scope";
import { scopeFor } from "@/lib/server/services/context";
import { DEPLOYMENTS_KEY } from "@/lib/shared/alarms/merged-url";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/d/all/alarms/groups", ({ request, context }) => {
    const named = mergedGroupScope(request.nextUrl, context.scope.allowed).deployments;
    return groupList(request.nextUrl, scopeFor(context, named), {}, [DEPLOYMENTS_KEY]);
  }),
});
