import "server-only";
import type { NextRequest } from "next/server";
import { ApiError, asApiError } from "@/lib/shared/core/errors";
import { getAnalyst, type Analyst } from "@/lib/server/auth/session";
import {
  processServices,
  requestContext,
  type AnalystContext,
} from "@/lib/server/services/context";
import { analystGate } from "./analyst-gate";
import { parseBody, parseQuery, type BodySpec, type QueryParser } from "./request-input";

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

/** What an analyst's handler is given: the request read, and the context built for it. */
export interface AnalystInput<P, Q = undefined, B = undefined> extends HandlerInput<P> {
  analyst: Analyst;
  context: AnalystContext;
  /** The query string as the route's `query` parser read it. */
  query: Q;
  /** The JSON body as the route's `body` schema read it. */
  body: B;
}

export interface AnalystRouteOptions<P, Q, B> {
  /** What a success may be kept as by the analyst's browser (errors never are). */
  cacheControl?: string;
  /** The query string's parser: 400 in our shape, before the handler runs, for what is wrong. */
  query?: QueryParser<Q>;
  /** The JSON body's schema and size: 400 likewise. */
  body?: BodySpec<B>;
  /**
   * The route's deployment among the params (deploymentRoute, scopeRoute): the context's scope
   * is it; undefined (the path's `all`): every deployment the analyst may see.
   */
  deployment?: (params: P) => string | undefined;
  /**
   * A stream (the live gateway): the same session check and errors before it starts, but the
   * stream holds no place in the analyst's requests in progress once answered, and a refused
   * answer is not held back (an EventSource retries on its own timer).
   */
  stream?: true;
  /** Who is signed in (tests); default the request's session. */
  session?: () => Promise<Analyst | null>;
}

/** Runs `work` and answers its result or error (`stream`: an error answered at once). */
async function answer(
  name: string,
  work: () => Promise<unknown>,
  { errors, success, hold }: { errors: string; success: string; hold: boolean },
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
        "Cache-Control": cacheHeader(success, body.text),
      },
    });
  } catch (error) {
    const apiError = asApiError(error);
    if (hold && apiError.code === "rate_limited") {
      await analystGate().hold(apiError.retryAfterSeconds);
    }
    const response = errorResponse(error, errors);
    if (response.status >= 500) {
      // Route, status, code and duration only: never a message (it may quote upstream data).
      const ms = Math.round(performance.now() - started);
      console.warn(`[api] ${name} ${response.status} ${apiError.code} ${ms}ms`);
    }
    return response;
  }
}

/**
 * Runs `work` and answers its result as JSON, or what it threw in our error shape. An error is
 * never kept longer than `cacheControl` says, whatever a success may be (`successCacheControl`).
 */
export function respond(
  name: string,
  work: () => Promise<unknown>,
  cacheControl = PRIVATE,
  successCacheControl = cacheControl,
): Promise<Response> {
  return answer(name, work, { errors: cacheControl, success: successCacheControl, hold: true });
}

/** Serialises an ApiError (or anything thrown) as our one error shape. Never leaks internals. */
export function errorResponse(
  error: unknown,
  cacheControl = "no-store",
  extraHeaders: Record<string, string> = {},
): Response {
  const apiError = asApiError(error);
  if (apiError !== error) {
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
 * A route for signed-in analysts: 401 in our shape without a live session; then the write
 * guard, the analyst's fair share, the request context (its scope the route's deployment, 404
 * for one not theirs, or all they may see), the query string and the body read by the route's
 * parsers (400 naming what is wrong), and the handler. Answers are private and uncached unless
 * `cacheControl` lets the analyst's browser keep a success (errors never).
 */
export function analystRoute<P, Q = undefined, B = undefined>(
  name: string,
  handle: (input: AnalystInput<P, Q, B>) => Promise<unknown>,
  options: AnalystRouteOptions<P, Q, B> = {},
): RouteHandler {
  const { cacheControl = PRIVATE, stream, session = getAnalyst } = options;
  const errors = stream ? "no-store" : PRIVATE;
  return async (request, routeContext) =>
    answer(
      name,
      async () => {
        const analyst = await session();
        if (!analyst) throw new ApiError("unauthenticated", "Sign in to use this API.");
        guardWrite(request);
        const leave = analystGate().enter(analyst.id);
        // A stream is counted as a request; the open stream holds no place.
        if (stream) leave();
        try {
          const params = (await routeContext.params) as P;
          const context = requestContext(analyst, options.deployment?.(params));
          const { searchParams } = request.nextUrl;
          const query = (options.query && parseQuery(searchParams, options.query)) as Q;
          const body = (options.body && (await parseBody(request, options.body))) as B;
          const input = { request, params, analyst, context, query, body };
          return await handle(input);
        } finally {
          leave();
        }
      },
      { errors, success: cacheControl, hold: !stream },
    );
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The write guard: a request that changes something must come from the console's own pages (or
 * from a script, which sends no Origin), never from another site riding the analyst's cookie.
 */
function guardWrite(request: NextRequest): void {
  if (READS.has(request.method)) return;
  if (!isSameOrigin(request, processServices.env.auth.url)) {
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
