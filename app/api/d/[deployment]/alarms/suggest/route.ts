// GET /api/d/{deployment|all}/alarms/suggest - what the search box offers as one types (field and prefix; for all, `deployments`), from the index
import { scopeRoute } from "@/lib/server/api/deployment-route";
import { routeMethods } from "@/lib/server/api/route";
import { SUGGEST_CACHE_CONTROL, scopeSuggestions } from "@/lib/server/api/search-routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: scopeRoute(
    "GET /api/d/[deployment]/alarms/suggest",
    ({ request, scope, context }) => scopeSuggestions(request.nextUrl, scope, context),
    { cacheControl: SUGGEST_CACHE_CONTROL },
  ),
});
