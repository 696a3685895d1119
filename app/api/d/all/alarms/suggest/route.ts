// GET /api/d/all/alarms/suggest - the search box's suggestions over every deployment the analyst may see (or those `deployments` names)
import { analystRoute, routeMethods } from "@/lib/server/api/route";
import {
  SUGGEST_CACHE_CONTROL,
  mergedSuggestScope,
  searchSuggestions,
} from "@/lib/server/api/search-routes";
import { visibleKeys } from "@/lib/server/deployments/scope";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute(
    "GET /api/d/all/alarms/suggest",
    ({ request, analyst }) =>
      searchSuggestions(request.nextUrl, mergedSuggestScope(request.nextUrl, visibleKeys(analyst))),
    { cacheControl: SUGGEST_CACHE_CONTROL },
  ),
});
