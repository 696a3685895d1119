// Maps a request to its route, applies the configured faults, records stats, and turns any
// unexpected exception into a vendor-layout 500.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SimulatorCore } from "./core";
import { appliesTo, pageTooLarge, roll } from "./faults";
import { Reply, errorReply, originOf, send, sleep } from "./http-util";
import { RequestContext, handleAlarm, handleAlarms, handleToken } from "./routes-api";
import { handleLabels } from "./routes-labels";
import { handleSim } from "./routes-sim";
import type { FaultRoute } from "./types";

interface RouteMatch {
  route: FaultRoute;
  version: string;
  id: string;
  /** The label of .../labels/{labelId}; undefined on .../labels. */
  labelId: string | undefined;
}

const ROUTES: Array<[FaultRoute, RegExp]> = [
  ["token", /^\/api\/([^/]+)\/oauth\/token$/],
  ["alarms", /^\/api\/([^/]+)\/alarms$/],
  ["alarm", /^\/api\/([^/]+)\/alarms\/([^/]+)$/],
  ["labels", /^\/api\/([^/]+)\/alarms\/([^/]+)\/labels(?:\/([^/]+))?$/],
];

function matchRoute(path: string): RouteMatch | null {
  for (const [route, pattern] of ROUTES) {
    const m = pattern.exec(path);
    if (m) return { route, version: m[1] ?? "", id: m[2] ?? "", labelId: m[3] };
  }
  return null;
}

async function answer(ctx: RequestContext, match: RouteMatch): Promise<Reply> {
  if (match.route === "token") return handleToken(ctx);
  if (match.route === "alarms") return handleAlarms(ctx);
  if (match.route === "labels") return handleLabels(ctx, match.id, match.labelId);
  return handleAlarm(ctx, match.id);
}

/** Latency and failures before the route answers; malformed bodies after a successful one. */
async function withFaults(ctx: RequestContext, match: RouteMatch): Promise<Reply> {
  const faults = ctx.core.faults;
  if (!appliesTo(faults, match.route)) return answer(ctx, match);
  if (faults.latencyMs > 0) await sleep(faults.latencyMs);
  if (roll(faults.failRate)) {
    return errorReply(faults.failStatus, ctx.path, "Simulated upstream failure");
  }
  if (match.route === "alarms" && pageTooLarge(faults, ctx.url.searchParams)) {
    return errorReply(faults.failStatus, ctx.path, "Simulated failure of a large page");
  }
  const reply = await answer(ctx, match);
  if (match.route !== "token" && reply.status === 200 && roll(faults.malformedRate)) {
    return { ...reply, body: reply.body.slice(0, Math.floor(reply.body.length / 2)) };
  }
  return reply;
}

async function route(ctx: RequestContext): Promise<Reply> {
  if (ctx.path === "/_sim" || ctx.path.startsWith("/_sim/")) return handleSim(ctx);
  const match = matchRoute(ctx.path);
  let reply: Reply;
  if (!match || match.version !== "2.0") {
    reply = errorReply(404, ctx.path, "Not Found");
  } else {
    ctx.core.statsCollector.route(match.route);
    reply = await withFaults(ctx, match);
  }
  ctx.core.statsCollector.status(reply.status);
  return reply;
}

export async function dispatch(
  core: SimulatorCore,
  fallbackOrigin: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const raw = req.url ?? "/";
  // Origin-form targets only; "//x" must not be read as a host.
  const url = new URL(raw.startsWith("/") ? `http://simulator${raw}` : "http://simulator/");
  const ctx: RequestContext = {
    req,
    url,
    path: raw.startsWith("/") ? url.pathname : raw,
    origin: originOf(req, fallbackOrigin),
    core,
  };
  let reply: Reply;
  try {
    reply = await route(ctx);
  } catch {
    reply = errorReply(500, ctx.path, "Internal simulator error");
  }
  send(res, reply);
}
