import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/shared/core/errors";
import { metricsText } from "@/lib/server/core/metrics";
import { serverEnv } from "@/lib/server/env";
import { errorResponse, noSuchEndpoint } from "./route";

// GET /api/metrics: this replica's metrics in Prometheus' text format, for the bearer of
// METRICS_TOKEN; no session (Prometheus has none). Unset, the route is off and answers as a path
// no route serves. The token is compared in constant time and never logged or echoed.

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** SHA-256 of both sides first: equal lengths for timingSafeEqual, whatever was sent. */
const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Whether `request` carries `token` as its bearer token. */
function hasBearer(request: NextRequest, token: string): boolean {
  const sent = BEARER.exec(request.headers.get("authorization") ?? "")?.[1];
  // Compared even when nothing was sent: the answer takes as long either way.
  return timingSafeEqual(digest(sent ?? ""), digest(token)) && sent !== undefined;
}

/**
 * The metrics for the bearer of `token` (default: METRICS_TOKEN); 401 in our shape to anyone
 * else, 404 when there is no token (the route is off).
 */
export async function metricsAnswer(
  request: NextRequest,
  token = serverEnv().metrics.token,
): Promise<Response> {
  if (token === undefined) throw noSuchEndpoint();
  if (!hasBearer(request, token)) {
    const refusal = new ApiError(
      "unauthenticated",
      "Send the metrics token (METRICS_TOKEN) as Authorization: Bearer <token>.",
    );
    return errorResponse(refusal, "no-store", { "WWW-Authenticate": 'Bearer realm="metrics"' });
  }
  const { contentType, text } = await metricsText();
  return new Response(text, {
    headers: { "Content-Type": contentType, "Cache-Control": "no-store" },
  });
}
