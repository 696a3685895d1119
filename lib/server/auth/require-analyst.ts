import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { DEFAULT_CALLBACK_PATH, safeCallbackPath } from "@/lib/shared/auth/callback-url";
import { REQUEST_PATH_HEADER, SIGN_IN_PATH } from "@/lib/shared/auth/paths";
import { ApiError } from "@/lib/shared/core/errors";
import { getAnalyst, type Analyst } from "./session";
import { UNAVAILABLE_ERROR } from "@/lib/shared/auth/sign-in-errors";

/**
 * The signed-in analyst, for pages and layouts. Signed out, it redirects to the sign-in page with
 * a callbackUrl back to `callbackPath`, or by default to the path and query of this request (set
 * by proxy.ts), so a shared link lands on the same view after sign-in; when the shared store
 * cannot say, the sign-in page explains that instead.
 */
export async function requireAnalyst(callbackPath?: string): Promise<Analyst> {
  const analyst = await getAnalyst().catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "store_unavailable") return undefined;
    throw error;
  });
  if (analyst) return analyst;
  const requested =
    callbackPath ?? (await headers()).get(REQUEST_PATH_HEADER) ?? DEFAULT_CALLBACK_PATH;
  const query = new URLSearchParams({ callbackUrl: safeCallbackPath(requested) });
  // The shared store cannot say whether the session is alive: the sign-in page says so.
  if (analyst === undefined) query.set("error", UNAVAILABLE_ERROR);
  redirect(`${SIGN_IN_PATH}?${query}`);
}
