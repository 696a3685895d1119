import "server-only";
import { NextResponse } from "next/server";
import { ApiError } from "@/lib/errors";

/** Serialises an ApiError (or anything thrown) as our one error shape. Never leaks internals. */
export function errorResponse(error: unknown, cacheControl = "no-store"): NextResponse {
  const apiError =
    error instanceof ApiError
      ? error
      : new ApiError("internal", "Something went wrong on our side.");
  if (!(error instanceof ApiError)) {
    // The message of an unexpected error may carry an upstream URL or a token: log its kind only.
    console.error(`[api] unexpected ${error instanceof Error ? error.name : typeof error}`);
  }
  const headers = new Headers({ "Cache-Control": cacheControl });
  if (apiError.retryAfterSeconds !== undefined) {
    headers.set("Retry-After", String(apiError.retryAfterSeconds));
  }
  return NextResponse.json(apiError.toBody(), { status: apiError.status, headers });
}
