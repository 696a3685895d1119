// GET /api/health - whether USM Anywhere answers, when the token expires, the rate budget in use
import { handleHealth } from "@/lib/api/alarm-routes";
import { withAnalyst } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

export const GET = withAnalyst(() => handleHealth());
