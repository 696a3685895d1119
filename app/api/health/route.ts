// GET /api/health - for a signed-in analyst: whether USM Anywhere answers, when the token
// expires, the budget's size and the analyst's own calls waiting (nobody else's)
import { health } from "@/lib/api/alarm-routes";
import { analystRoute, routeMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: analystRoute("GET /api/health", ({ analyst }) => health({ analyst: analyst.id })),
});
