import "server-only";
import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/shared/core/errors";
import { getAnalyst, type Analyst } from "@/lib/server/auth/session";
import { serverEnv } from "@/lib/server/env";
import { runAsAnalyst } from "@/lib/server/auth/request-analyst";
import { analystGate } from "./analyst-gate";

// The one wrapper around every route handler of the console's API, next-auth's endpoints too
// (session-routes.ts): it checks the session when the route needs one, runs a handler that
// returns data or throws, serialises the answer, sets the cache headers and logs failures, in
// one place. Every error under /api/ is JSON in our one shape, a 405 with its Allow header
// included (next-auth's `{url}` of a failed sign-in aside: its client reads that).

/** Per-analyst data: no shared cache may keep it, no browser cache either. */
export const PRIVATE = "private, no-store";

/**
 * Bodies this small go out as they are: Next would gzip each one (about a millisecond of work
 * per answer, for a few dozen bytes saved), which is what a flood of error answers costs most.
 */
const SMALL_BODY = 1024;

function cacheHeader(cacheControl: string, body: string): string {
  return body.length < SMALL_BODY ? `${cacheControl}, no-transform` : cacheControl;
}

/** A body already serialised (a shared read): sent as it is, never stringified again. */
export class JsonText {
  constructor(
    readonly text: string,
    readonly status = 200,
  ) {}
}

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: NextRequest, context: RouteContext) => Promise<Response>;

export interface HandlerInput<P> {
  request: NextRequest;
  params: P;
}

/**
 * Runs `work` and answers its result as JSON, or what it threw in our error shape. An error is
 * never kept longer than `cacheControl` says, whatever a success may be (`successCacheControl`).
 */
export async function respond(
  name: string,
  work: () => Promise<unknown>,
  cacheControl = PRIVATE,
  successCacheControl = cacheControl,
): Promise<Response> {
  const started = performance.now();
  try {
    const result = await work();
    // A streamed answer (an export's download) sets its own headers; it is never serialised.
    if (result instanceof Response) return result;
    const body = result instanceof JsonText ? result : new JsonText(JSON.stringify(result));
    return new Response(body.text, {
      status: body.status,
      headers: {
        "Content-Type": "application/json",
        "Cache-Control": cacheHeader(successCacheControl, body.text),
      },
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === "rate_limited") {
      await analystGate().hold(error.retryAfterSeconds);
    }
    const response = errorResponse(error, cacheControl);
    if (response.status >= 500) {
      // Route, status, code and duration only: never a message (it may quote upstream data).
      const code = error instanceof ApiError ? error.code : "internal";
      const ms = Math.round(performance.now() - started);
      console.warn(`[api] ${name} ${response.status} ${code} ${ms}ms`);
    }
    return response;
  }
}

/** Serialises an ApiError (or anything thrown) as our one error shape. Never leaks internals. */
export function errorResponse(
  error: unknown,
  cacheControl = "no-store",
  extraHeaders: Record<string, string> = {},
): Response {
  const apiError =
    error instanceof ApiError
      ? error
      : new ApiError("internal", "Something went wrong on our side.");
  if (!(error instanceof ApiError)) {
    // The message of an unexpected error may carry an upstream URL or a token: log its kind only.
    console.error(`[api] unexpected ${error instanceof Error ? error.name : typeof error}`);
  }
  const body = JSON.stringify(apiError.toBody());
  const headers = new Headers({
    "Content-Type": "application/json",
    "Cache-Control": cacheHeader(cacheControl, body),
    ...extraHeaders,
  });
  if (apiError.retryAfterSeconds !== undefined) {
    headers.set("Retry-After", String(apiError.retryAfterSeconds));
  }
  return new Response(body, { status: apiError.status, headers });
}

/**
 * A route for signed-in analysts: 401 in our shape without a live session. Answers are private
 * and uncached unless `cacheControl` lets the analyst's browser keep a success (errors never).
 */
export function analystRoute<P>(
  name: string,
  handle: (input: HandlerInput<P> & { analyst: Analyst }) => Promise<unknown>,
  { cacheControl = PRIVATE }: { cacheControl?: string } = {},
): RouteHandler {
  return async (request, context) =>
    respond(
      name,
      async () => {
        const analyst = await getAnalyst();
        if (!analyst) throw new ApiError("unauthenticated", "Sign in to use this API.");
        guardWrite(request);
        const leave = analystGate().enter(analyst.id);
        try {
          const params = (await context.params) as P;
          return await runAsAnalyst(analyst, () => handle({ request, params, analyst }));
        } finally {
          leave();
        }
      },
      PRIVATE,
      cacheControl,
    );
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The write guard: a request that changes something must come from the console's own pages (or
 * from a script, which sends no Origin), never from another site riding the analyst's cookie.
 */
function guardWrite(request: NextRequest): void {
  if (READS.has(request.method)) return;
  if (!isSameOrigin(request, serverEnv().auth.url)) {
    throw new ApiError("forbidden", "Changes can only be made from the console itself.");
  }
}

/** A route anyone may call (health probes). */
export function publicRoute(
  name: string,
  handle: (input: HandlerInput<unknown>) => Promise<unknown>,
  cacheControl = "no-store",
): RouteHandler {
  return async (request, context) =>
    respond(name, async () => handle({ request, params: await context.params }), cacheControl);
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * The exports of a route file: the given methods, and a JSON 405 naming them in Allow for every
 * other one (Next's own 405 has an empty body and no Allow).
 */
export function routeMethods(
  handlers: Partial<Record<Method, RouteHandler>>,
): Record<Method, RouteHandler> {
  const allowed = METHODS.filter((method) => handlers[method]);
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const notAllowed: RouteHandler = async (request) =>
    errorResponse(
      new ApiError(
        "method_not_allowed",
        `${request.method} is not allowed here; use ${allowed.join(" or ")}.`,
      ),
      "no-store",
      { Allow: allow },
    );
  return Object.fromEntries(
    METHODS.map((method) => [method, handlers[method] ?? notAllowed]),
  ) as Record<Method, RouteHandler>;
}

/** Whether a state-changing request came from our own pages (browsers send Origin on those). */
export function isSameOrigin(request: NextRequest, origin: string | undefined): boolean {
  const sent = request.headers.get("origin");
  if (sent === null) return request.headers.get("sec-fetch-site") !== "cross-site";
  return sent === (origin ? new URL(origin).origin : request.nextUrl.origin);
}

/** What a path no route serves is answered (and a route that is off, alike). */
export const noSuchEndpoint = () => new ApiError("not_found", "There is no such API endpoint.");

/** Every path under /api/ that no route serves, whatever the method. */
export const unknownEndpoint = publicRoute("ANY /api/*", async () => {
  throw noSuchEndpoint();
});
