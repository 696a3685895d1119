// GET /api/alarms - one page of alarms (page, size, sort and filters in the query string)
import { handleAlarmList } from "@/lib/api/alarm-routes";
import { withAnalyst } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

export const GET = withAnalyst((request) => handleAlarmList(request.nextUrl));
