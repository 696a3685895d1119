// The token and alarm routes: POST /api/2.0/oauth/token, GET /api/2.0/alarms,
// GET /api/2.0/alarms/{alarmId}; and the bearer check every API call passes (labels too).
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { QueryError, parseAlarmQuery } from "./alarm-query";
import type { SimulatorCore } from "./core";
import { buildPageBody } from "./hal-page";
import {
  HAL_TYPE,
  Reply,
  errorReply,
  jsonReply,
  methodNotAllowed,
  pathSegment,
  readBody,
} from "./http-util";
import { selectPage } from "./page-select";
import type { SimulatorClient } from "./types";

export interface RequestContext {
  req: IncomingMessage;
  url: URL;
  path: string;
  origin: string;
  core: SimulatorCore;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "application/www-form-urlencoded"];

function parseBasic(header: string | undefined): { id: string; secret: string } | null {
  const match = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 1) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** grant_type from the query string, else from a form body (also the malformed form type). */
async function grantType(ctx: RequestContext): Promise<string | null> {
  const fromQuery = ctx.url.searchParams.get("grant_type");
  if (fromQuery) return fromQuery;
  const type = (ctx.req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) return null;
  return new URLSearchParams(await readBody(ctx.req)).get("grant_type") || null;
}

function rateLimited(ctx: RequestContext): Reply {
  ctx.core.statsCollector.rateLimited();
  return errorReply(429, ctx.path, "Rate limit exceeded");
}

export async function handleToken(ctx: RequestContext): Promise<Reply> {
  if (ctx.req.method !== "POST") return methodNotAllowed(ctx.path, "POST");
  const { core } = ctx;
  const creds = parseBasic(ctx.req.headers.authorization);
  if (creds) core.statsCollector.arrival("post", creds.id);
  if (creds && core.postLimiter && !core.postLimiter.admit(creds.id)) return rateLimited(ctx);
  const client = creds ? core.clients.get(creds.id) : undefined;
  if (!creds || !client || !sameSecret(client.secret, creds.secret)) {
    return errorReply(401, ctx.path, "Bad client credentials", {
      "WWW-Authenticate": 'Basic realm="oauth2/client"',
    });
  }
  const grant = await grantType(ctx);
  if (grant !== "client_credentials") {
    const message = grant === null ? "Missing grant type" : `Unsupported grant type: ${grant}`;
    return errorReply(400, ctx.path, message);
  }
  core.statsCollector.tokenIssued();
  return jsonReply(200, core.tokens.issue(client.id), {
    "Cache-Control": "no-store",
    Pragma: "no-cache",
  });
}

/**
 * Bearer token check, then the client's budget (reads the GET class, writes the POST class), then
 * its permissions: API access, and for a write, write access.
 */
export function authorize(
  ctx: RequestContext,
  access: "read" | "write" = "read",
): Reply | SimulatorClient {
  const match = /^bearer\s+(\S+)\s*$/i.exec(ctx.req.headers.authorization ?? "");
  const unauthorized = (error: string) =>
    errorReply(401, ctx.path, error, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
  if (!match?.[1]) return unauthorized("Full authentication is required to access this resource");
  const check = ctx.core.tokens.check(match[1]);
  if (!check.ok) return unauthorized(check.reason);
  const kind = access === "read" ? "get" : "post";
  ctx.core.statsCollector.arrival(kind, check.clientId);
  const limiter = kind === "get" ? ctx.core.getLimiter : ctx.core.postLimiter;
  if (limiter && !limiter.admit(check.clientId)) return rateLimited(ctx);
  const client = ctx.core.clients.get(check.clientId);
  const denied = access === "write" && client?.writeAccess === false;
  if (!client || client.apiAccess === false || denied) {
    return errorReply(403, ctx.path, "Access is denied");
  }
  return client;
}

export async function handleAlarms(ctx: RequestContext): Promise<Reply> {
  if (ctx.req.method !== "GET") return methodNotAllowed(ctx.path, "GET");
  const auth = authorize(ctx);
  if ("status" in auth) return auth;
  let query;
  try {
    query = parseAlarmQuery(ctx.url.searchParams);
  } catch (error) {
    if (error instanceof QueryError) return errorReply(400, ctx.path, error.message);
    throw error;
  }
  const { core } = ctx;
  const { rows, totalElements } = selectPage(core.ds, query, core.visibleLive());
  const alarms = rows.map((row) => core.alarmJson(row, ctx.origin));
  const body = buildPageBody(ctx.origin, query, totalElements, alarms);
  return { status: 200, body: JSON.stringify(body), headers: { "Content-Type": HAL_TYPE } };
}

export async function handleAlarm(ctx: RequestContext, rawId: string): Promise<Reply> {
  if (ctx.req.method !== "GET") return methodNotAllowed(ctx.path, "GET");
  const auth = authorize(ctx);
  if ("status" in auth) return auth;
  const row = ctx.core.findAlarm(pathSegment(rawId));
  if (!row) return errorReply(404, ctx.path, "Alarm not found");
  const body = JSON.stringify(ctx.core.alarmJson(row, ctx.origin, "flat"));
  return { status: 200, body, headers: { "Content-Type": HAL_TYPE } };
}
