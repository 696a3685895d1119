// The /_sim/ control surface: stats (always on, read-only) and the admin API (only with `admin`).
// Both answer loopback clients only.
import { ZodError } from "zod";
import { AdminInputError, UnknownAlarmError } from "./admin-errors";
import { alarmUuid } from "./alarm-id";
import type { AlarmRow } from "./alarm-row";
import {
  HAL_TYPE,
  Reply,
  errorReply,
  isLoopback,
  jsonReply,
  methodNotAllowed,
  pathSegment,
  readBody,
} from "./http-util";
import type { RequestContext } from "./routes-api";

const ALARM_STATUS_PATH = /^\/_sim\/alarms\/([^/]+)\/status$/;

/** The JSON body of an admin request ({} when empty), or undefined when it is not JSON. */
async function jsonBody(ctx: RequestContext): Promise<unknown> {
  try {
    return JSON.parse((await readBody(ctx.req)) || "{}") as unknown;
  } catch {
    return undefined;
  }
}

function alarmReply(ctx: RequestContext, status: number, row: AlarmRow): Reply {
  const { ds } = ctx.core;
  const body = JSON.stringify(ctx.core.alarmJson(row, ctx.origin, "flat"));
  const headers: Record<string, string> = { "Content-Type": HAL_TYPE };
  if (status === 201) {
    headers.Location = `${ctx.origin}/api/2.0/alarms/${alarmUuid(ds.seed, row.index)}`;
  }
  return { status, body, headers };
}

/** Runs an admin alarm operation, turning its input errors into 400 / 404 answers. */
function adminAlarm(ctx: RequestContext, status: number, operation: () => AlarmRow): Reply {
  try {
    return alarmReply(ctx, status, operation());
  } catch (error) {
    if (error instanceof UnknownAlarmError) return errorReply(404, ctx.path, error.message);
    if (error instanceof AdminInputError) return errorReply(400, ctx.path, error.message);
    throw error;
  }
}

// POST /_sim/alarms - add an alarm; every field optional
async function postAlarm(ctx: RequestContext): Promise<Reply> {
  const body = await jsonBody(ctx);
  if (body === undefined) return errorReply(400, ctx.path, "Body must be JSON: an alarm's fields");
  return adminAlarm(ctx, 201, () => ctx.core.addAlarm(body));
}

// POST /_sim/alarms/{uuid}/status - set one alarm's status
async function postAlarmStatus(ctx: RequestContext, rawId: string): Promise<Reply> {
  const body = await jsonBody(ctx);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return errorReply(400, ctx.path, 'Body must be JSON: {"status": "<status>"}');
  }
  const { status, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) {
    return errorReply(400, ctx.path, `Invalid value for field '${extra}': unknown field`);
  }
  return adminAlarm(ctx, 200, () => ctx.core.setAlarmStatus(pathSegment(rawId), status));
}

// POST /_sim/labels - add a label to the catalogue; a name it has (any case) answers that entry
async function postLabel(ctx: RequestContext): Promise<Reply> {
  const body = await jsonBody(ctx);
  if (body === undefined) return errorReply(400, ctx.path, 'Body must be JSON: {"name": "<name>"}');
  try {
    const { label, created } = ctx.core.addLabel(body);
    return jsonReply(created ? 201 : 200, label);
  } catch (error) {
    if (error instanceof AdminInputError) return errorReply(400, ctx.path, error.message);
    throw error;
  }
}

async function postFaults(ctx: RequestContext): Promise<Reply> {
  let patch: unknown;
  try {
    patch = JSON.parse((await readBody(ctx.req)) || "{}");
  } catch {
    return errorReply(400, ctx.path, "Body must be JSON: a partial Faults object");
  }
  try {
    return jsonReply(200, ctx.core.setFaults(patch));
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const issue = error.issues[0];
    const where = issue?.path.join(".") || "body";
    return errorReply(
      400,
      ctx.path,
      `Invalid faults at '${where}': ${issue?.message ?? "invalid"}`,
    );
  }
}

export async function handleSim(ctx: RequestContext): Promise<Reply> {
  const { req, path, core } = ctx;
  const isStats = path === "/_sim/stats";
  const adminPaths = [
    "/_sim/faults",
    "/_sim/revoke-tokens",
    "/_sim/reset",
    "/_sim/alarms",
    "/_sim/labels",
  ];
  const statusOf = ALARM_STATUS_PATH.exec(path)?.[1];
  const isAdmin = adminPaths.includes(path) || statusOf !== undefined;
  if (!isStats && !(core.admin && isAdmin)) {
    return errorReply(404, path, "Not Found");
  }
  if (!isLoopback(req)) return errorReply(403, path, "The simulator control API is loopback-only");

  if (isStats) {
    return req.method === "GET" ? jsonReply(200, core.stats()) : methodNotAllowed(path, "GET");
  }
  if (path === "/_sim/faults") {
    if (req.method === "GET") return jsonReply(200, core.faults);
    return req.method === "POST" ? postFaults(ctx) : methodNotAllowed(path, "GET, POST");
  }
  if (path === "/_sim/labels") {
    if (req.method === "GET") return jsonReply(200, core.labels.list());
    return req.method === "POST" ? postLabel(ctx) : methodNotAllowed(path, "GET, POST");
  }
  if (req.method !== "POST") return methodNotAllowed(path, "POST");
  if (path === "/_sim/alarms") return postAlarm(ctx);
  if (statusOf !== undefined) return postAlarmStatus(ctx, statusOf);
  if (path === "/_sim/revoke-tokens") {
    core.revokeTokens();
    return jsonReply(200, { revoked: true });
  }
  core.reset();
  return jsonReply(200, { reset: true });
}
