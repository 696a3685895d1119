// GET /api/alarms/{uuid} - one alarm with its events, sources and destinations
import { handleAlarmDetail } from "@/lib/api/alarm-routes";
import { withAnalyst } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

export const GET = withAnalyst<{ uuid: string }>((_request, { params }) =>
  handleAlarmDetail(params.uuid),
);
