// Runs before every page request (not the API, next-auth's endpoints or static files):
// signed-out page requests go to the sign-in page with the full path as callbackUrl, and every
// page gets a Content-Security-Policy with a fresh nonce. The static security headers, and the
// API's own CSP, come from next.config.mjs. Route handlers check the session themselves
// (lib/api/handler.ts) and answer 401 in our error shape, never a redirect.
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { withAuth, type NextRequestWithAuth } from "next-auth/middleware";
import { afterSignInPath } from "@/lib/auth/callback-url";
import { contentSecurityPolicy, createNonce, HSTS_VALUE } from "@/lib/auth/content-security-policy";
import { REQUEST_PATH_HEADER, SIGN_IN_PATH } from "@/lib/auth/paths";
import { serverEnv } from "@/lib/env";

export async function proxy(request: NextRequest, event: NextFetchEvent): Promise<Response> {
  const env = serverEnv();
  const https =
    env.auth.url?.startsWith("https://") === true ||
    request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
  const csp = contentSecurityPolicy({
    nonce: createNonce(),
    dev: env.nodeEnv === "development",
    https,
  });

  const forward = () => {
    const headers = new Headers(request.headers);
    headers.set("content-security-policy", csp);
    headers.set(REQUEST_PATH_HEADER, requestedPath(request.nextUrl));
    return NextResponse.next({ request: { headers } });
  };

  const origin = env.auth.url ?? request.nextUrl.origin;
  const { pathname, searchParams } = request.nextUrl;

  // Signed in already (a second tab, a shared link to the sign-in page): on to the callbackUrl,
  // as an HTTP redirect before any rendering.
  if (pathname === SIGN_IN_PATH && (await getToken({ req: request, secret: env.auth.secret }))) {
    const target = afterSignInPath(searchParams.get("callbackUrl"));
    return withHeaders(NextResponse.redirect(new URL(target, origin), 307), csp, https);
  }

  const gate = await withAuth(forward, {
    secret: env.auth.secret,
    pages: { signIn: SIGN_IN_PATH },
  })(request as NextRequestWithAuth, event);
  return withHeaders(gate ? cleanSignInRedirect(gate, request, origin) : forward(), csp, https);
}

function withHeaders(response: Response, csp: string, https: boolean): Response {
  response.headers.set("Content-Security-Policy", csp);
  if (https) response.headers.set("Strict-Transport-Security", HSTS_VALUE);
  return response;
}

/**
 * Path and query as the analyst's link had them: without the `_rsc` cache-buster of client
 * navigations, and with `, : / @` unescaped again (Next.js re-encodes the query before the proxy
 * sees it; these mean the same escaped or not, and `sort=priority,desc` is what people share).
 */
function requestedPath(url: URL): string {
  // Filtered by hand: URLSearchParams would re-encode the rest.
  const query = url.search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "" && pair.split("=")[0] !== "_rsc")
    .map((pair) => pair.replace(/%(2C|3A|2F|40)/gi, (escaped) => decodeURIComponent(escaped)))
    .join("&");
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/**
 * withAuth's redirect to the sign-in page, on the configured origin (NEXTAUTH_URL) rather than
 * whatever Host the request named, with its callbackUrl cleaned the same way.
 */
function cleanSignInRedirect(response: Response, request: NextRequest, origin: string): Response {
  const location = response.headers.get("location");
  if (!location) return response;
  const target = new URL(location, request.nextUrl);
  const callback = target.searchParams.get("callbackUrl");
  if (target.pathname !== SIGN_IN_PATH || !callback) return response;
  const query = new URLSearchParams({
    callbackUrl: requestedPath(new URL(callback, request.nextUrl)),
  });
  const redirect = NextResponse.redirect(new URL(`${SIGN_IN_PATH}?${query}`, origin), 307);
  redirect.headers.set("Cache-Control", "no-store");
  return redirect;
}

export const config = {
  // Pages only: not the API (JSON needs no nonce, and skipping the proxy saves every API call
  // a millisecond and a half), build assets or the favicon; next.config.mjs gives those their
  // headers. The sign-in page is included for its CSP nonce; withAuth lets it through.
  matcher: ["/((?!api/|api$|_next/static/|_next/image|favicon\\.ico).*)"],
};
