// The vendor's one write, an alarm's labels: GET /api/2.0/alarms/{alarmId}/labels (the ids of its
// labels), PUT and DELETE /api/2.0/alarms/{alarmId}/labels/{labelId} (put one on, take it off).
import { UnknownAlarmError, UnknownLabelError } from "./admin-errors";
import { Reply, errorReply, jsonReply, methodNotAllowed, pathSegment } from "./http-util";
import { RequestContext, authorize } from "./routes-api";

/** Answers an operation's unknown alarm or label as the vendor's 404. */
function orNotFound(ctx: RequestContext, operation: () => Reply): Reply {
  try {
    return operation();
  } catch (error) {
    if (error instanceof UnknownAlarmError) return errorReply(404, ctx.path, "Alarm not found");
    if (error instanceof UnknownLabelError) return errorReply(404, ctx.path, "Label not found");
    throw error;
  }
}

// GET /api/2.0/alarms/{alarmId}/labels - the ids of the alarm's labels
function getLabels(ctx: RequestContext, alarmId: string): Reply {
  const auth = authorize(ctx, "read");
  if ("status" in auth) return auth;
  return orNotFound(ctx, () =>
    jsonReply(200, { alarm_labels: ctx.core.labelIdsOf(pathSegment(alarmId)) }),
  );
}

// PUT / DELETE /api/2.0/alarms/{alarmId}/labels/{labelId} - put a label on, take it off
function writeLabel(ctx: RequestContext, alarmId: string, labelId: string, on: boolean): Reply {
  const auth = authorize(ctx, "write");
  if ("status" in auth) return auth;
  return orNotFound(ctx, () => {
    ctx.core.writeLabel(pathSegment(alarmId), pathSegment(labelId), on);
    // As a Spring handler returning void answers: 200, no body, whether or not anything changed.
    return { status: 200, body: "" };
  });
}

/** `labelId` undefined: the collection path, .../labels. */
export async function handleLabels(
  ctx: RequestContext,
  alarmId: string,
  labelId: string | undefined,
): Promise<Reply> {
  const method = ctx.req.method;
  if (labelId === undefined) {
    return method === "GET" ? getLabels(ctx, alarmId) : methodNotAllowed(ctx.path, "GET");
  }
  if (method === "PUT" || method === "DELETE") {
    return writeLabel(ctx, alarmId, labelId, method === "PUT");
  }
  return methodNotAllowed(ctx.path, "PUT, DELETE");
}
