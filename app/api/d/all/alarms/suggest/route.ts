// GET /api/d/all/alarms/suggest - the search box's suggestions over every deployment the analyst may see (or those `deployments` names)
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import {
  SUGGEST_CACHE_CONTROL,
  mergedSuggestScope,
  searchSuggestions,
} from "@/lib/server/api/search-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute(
    "GET /api/d/all/alarms/suggest",
    ({ request, context }) =>
      searchSuggestions(request.nextUrl, {
        ...mergedSuggestScope(request.nextUrl, context.scope.allowed),
        analyst: context.analyst.id,
      }),
    { cacheControl: SUGGEST_CACHE_CONTROL },
  ),
});
