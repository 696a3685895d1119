import "server-only";
import type { NextRequest } from "next/server";
import {
  sessionRegistry,
  sessionTokenOf,
  analystOfSessionToken,
} from "@/lib/server/auth/session-token";
import { serverEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/shared/core/errors";
import type { Analyst } from "@/lib/server/auth/session";
import { errorResponse, isSameOrigin } from "./route";

// Ending sessions: this one (before next-auth clears the cookie), or all of an analyst's.

/** DELETE /api/sessions: every session of this analyst ends, on every replica, this one too. */
export async function endAllSessions(request: NextRequest, analyst: Analyst) {
  const { auth } = serverEnv();
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
