// The /_sim/ control surface: stats (always on, read-only) and the admin API (only with `admin`).
// Both answer loopback clients only.
import { ZodError } from "zod";
import { Reply, errorReply, isLoopback, jsonReply, methodNotAllowed, readBody } from "./http-util";
import type { RequestContext } from "./routes-api";

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
  const adminPaths = ["/_sim/faults", "/_sim/revoke-tokens", "/_sim/reset"];
  if (!isStats && !(core.admin && adminPaths.includes(path))) {
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
  if (req.method !== "POST") return methodNotAllowed(path, "POST");
  if (path === "/_sim/revoke-tokens") {
    core.revokeTokens();
    return jsonReply(200, { revoked: true });
  }
  core.reset();
  return jsonReply(200, { reset: true });
}
