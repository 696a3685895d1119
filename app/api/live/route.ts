// GET /api/live?view=<id>&view=<id> - the live queue's server-sent-events stream: one per browser, the states of the views its tabs watch
import { routeMethods } from "@/lib/server/api/route";
import { liveRoute } from "@/lib/server/api/live-stream";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: liveRoute(),
});
