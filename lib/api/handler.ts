import "server-only";
import type { NextRequest } from "next/server";
import { getAnalyst, type Analyst } from "@/lib/auth/session";
import { ApiError } from "@/lib/errors";
import { errorResponse } from "./respond";

type RouteContext<P> = { params: Promise<P> };

export type AnalystHandler<P> = (
  request: NextRequest,
  context: { params: P; analyst: Analyst },
) => Promise<Response>;

/**
 * The one wrapper around every route handler of the browser's API: a signed-in analyst is
 * required (401 in our error shape otherwise), and anything thrown becomes our error shape.
 */
export function withAnalyst<P = Record<string, never>>(handler: AnalystHandler<P>) {
  return async (request: NextRequest, context: RouteContext<P>): Promise<Response> => {
    try {
      const analyst = await getAnalyst();
      if (!analyst) throw new ApiError("unauthenticated", "Sign in to use this API.");
      return await handler(request, { params: await context.params, analyst });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
