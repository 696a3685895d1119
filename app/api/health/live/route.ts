// GET /api/health/live - anonymous liveness for a load balancer: 200 while the process serves
import { publicRoute, routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: publicRoute("GET /api/health/live", async () => ({ status: "live" })),
});
