import "server-only";
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { z } from "zod";
import {
  sessionRegistry,
  sessionTokenOf,
  analystOfSessionToken,
} from "@/lib/server/auth/session-token";
import { authOptions } from "@/lib/server/auth/options";
import { serverEnv } from "@/lib/server/env";
import { ApiError, ERROR_STATUS, internalError, type ErrorCode } from "@/lib/shared/core/errors";
import type { AnalystContext } from "@/lib/server/services/context";
import { readJsonBody } from "./json-body";
import { errorResponse, isSameOrigin, respond, type RouteHandler } from "./route";

// Ending sessions: this one (before next-auth clears the cookie), or all of an analyst's; and
// next-auth's own endpoints, inside our one error shape.

/** DELETE /api/sessions: every session of this analyst ends, on every replica, this one too. */
export async function endAllSessions(request: NextRequest, { analyst, services }: AnalystContext) {
  const { auth } = services.env;
  if (!isSameOrigin(request, auth.url)) {
    throw new ApiError("forbidden", "Sessions can only be ended from the console itself.");
  }
  await sessionRegistry(auth).revokeAll(analyst.id);
  return { ended: "all" };
}

/**
 * Before next-auth's POST /api/auth/signout clears the cookie: the session it names is revoked
 * in the shared store, so a copy of the cookie opens nothing anywhere. Answers 503 in our shape
 * (and leaves the cookie) when the store cannot record it: a sign-out that did not happen must
 * not look like one. Undefined: go on to next-auth.
 */
export async function revokeBeforeSignOut(request: NextRequest): Promise<Response | undefined> {
  const { auth } = serverEnv();
  // A cross-site form is refused by next-auth's CSRF check; it must not revoke anything either.
  if (!isSameOrigin(request, auth.url)) return undefined;
  const raw = await sessionTokenOf(request.cookies, auth);
  const analyst = raw ? await analystOfSessionToken(raw, auth.secret) : null;
  if (!analyst) return undefined;
  try {
    await sessionRegistry(auth).revoke(analyst.sid);
    return undefined;
  } catch (error) {
    return errorResponse(error);
  }
}

/** A JSON body to next-auth: its client sends a CSRF token and a session update, no more. */
const AUTH_JSON_BYTES = 16 * 1024;

/**
 * GET|POST /api/auth/*: next-auth's endpoints, run inside our wrapper. What next-auth answers
 * passes as it is (its pages, redirects and the JSON its client reads, a failed sign-in's
 * `{url}` included), except its errors, which were text or its own JSON: a signed-out POST of
 * JSON to /api/auth/session answered 400 "[object Object]", an unknown action 400 "Error: This
 * action ... is not supported", a JSON body it could not parse (it reads it itself) a 500 with
 * no body, a server misconfigured 500 {"message"}.
 */
export const authEndpoint: RouteHandler = (request, context) =>
  respond(
    `${request.method} /api/auth/*`,
    async () => {
      if (request.method === "POST" && isJson(request.headers)) {
        await readJsonBody(request.clone(), z.unknown(), AUTH_JSON_BYTES);
      }
      const { nextauth = [] } = (await context.params) as { nextauth?: string[] };
      if (request.method === "POST" && nextauth.join("/") === "signout") {
        const refused = await revokeBeforeSignOut(request);
        if (refused) return refused;
      }
      // The options are read per request, not at import: `next build` loads the route without
      // the env.
      const answer: Response = await NextAuth(request, { params: { nextauth } }, authOptions());
      return inOurShape(answer);
    },
    "no-store",
  );

/** As next-auth tells a JSON body (application/json anywhere in the type). */
const isJson = (headers: Headers) => headers.get("content-type")?.includes("application/json");

/**
 * next-auth's error answers in our shape, their status and cookies kept; but for a failed
 * sign-in's `{url}` (its `?error=` code), which next-auth's client reads to say what failed.
 */
async function inOurShape(answer: Response): Promise<Response> {
  if (answer.status < 400) return answer;
  if (isJson(answer.headers)) {
    const body: unknown = await answer
      .clone()
      .json()
      .catch(() => null);
    if (body && typeof body === "object" && "url" in body) return answer;
  }
  await answer.body?.cancel();
  const refused =
    answer.status < 500
      ? new ApiError(codeOf(answer.status), "The sign-in service does not take this request.")
      : internalError();
  const ours = errorResponse(refused);
  for (const cookie of answer.headers.getSetCookie()) ours.headers.append("Set-Cookie", cookie);
  return ours;
}

/** Our code of a client error's status (invalid_request for one we have no code of). */
function codeOf(status: number): ErrorCode {
  const codes = Object.keys(ERROR_STATUS) as ErrorCode[];
  return codes.find((code) => ERROR_STATUS[code] === status) ?? "invalid_request";
}
