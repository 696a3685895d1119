// GET /api/d/{deployment}/alarms/suggest - what the search box offers as one types (field and prefix), from the index
import { deploymentRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { SUGGEST_CACHE_CONTROL, searchSuggestions } from "@/lib/server/api/search-routes";
import { scopeFor } from "@/lib/server/services/context";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: deploymentRoute(
    "GET /api/d/[deployment]/alarms/suggest",
    ({ request, context }) => searchSuggestions(request.nextUrl, scopeFor(context)),
    { cacheControl: SUGGEST_CACHE_CONTROL },
  ),
});
