// GET /api/health/ready - anonymous readiness for a load balancer: 200, or 503 without details
// when the shared store or an upstream deployment cannot be reached
import { readiness } from "@/lib/server/api/readiness";
import { publicRoute, routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: publicRoute("GET /api/health/ready", () => readiness()),
});
