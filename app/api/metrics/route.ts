// GET /api/metrics - this replica's metrics in Prometheus' text format, for the bearer of METRICS_TOKEN (off without it)
import { metricsAnswer } from "@/lib/server/api/metrics";
import { publicRoute, routeMethods } from "@/lib/server/api/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: publicRoute("GET /api/metrics", ({ request }) => metricsAnswer(request)),
});
