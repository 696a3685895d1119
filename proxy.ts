// Runs before every page request (not the API, next-auth's endpoints or static files):
// signed-out page requests go to the sign-in page with the full path as callbackUrl, and every
// page gets a Content-Security-Policy with a fresh nonce. The static security headers, and the
// API's own CSP, come from next.config.mjs. Route handlers check the session themselves
// (lib/server/api/route.ts) and answer 401 in our error shape, never a redirect.
import { NextResponse, type NextRequest } from "next/server";
import { afterSignInPath } from "@/lib/shared/auth/callback-url";
import {
  contentSecurityPolicy,
  createNonce,
  HSTS_VALUE,
} from "@/lib/shared/auth/content-security-policy";
import { REQUEST_PATH_HEADER, SIGN_IN_PATH } from "@/lib/shared/auth/paths";
import { analystOfCookies } from "@/lib/server/auth/session-token";
import { UNAVAILABLE_ERROR } from "@/lib/shared/auth/sign-in-errors";
import { serverEnv } from "@/lib/server/env";

export async function proxy(request: NextRequest): Promise<Response> {
  const env = serverEnv();
  const origin = env.auth.url ?? request.nextUrl.origin;
  // A deployment's key is lower case: /d/ACME/alarms can only mean /d/acme/alarms.
  const canonical = canonicalDeploymentPath(request.nextUrl.pathname);
  if (canonical) {
    const target = new URL(`${canonical}${request.nextUrl.search}`, origin);
    return NextResponse.redirect(target, 308);
  }
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

  const { pathname, searchParams } = request.nextUrl;
  // The same check the pages and route handlers make: one decryption per cookie, then whether
  // its session is alive in the shared store. Null: the store cannot say right now.
  const signedIn = await analystOfCookies(request.cookies, env.auth).then(
    (analyst) => analyst !== null,
    () => null,
  );

  if (pathname === SIGN_IN_PATH) {
    // Signed in already (a second tab, a shared link to the sign-in page): on to the
    // callbackUrl, as an HTTP redirect before any rendering.
    if (!signedIn) return withHeaders(forward(), csp, https);
    const target = afterSignInPath(searchParams.get("callbackUrl"));
    return withHeaders(NextResponse.redirect(new URL(target, origin), 307), csp, https);
  }
  if (signedIn) return withHeaders(forward(), csp, https);

  // Signed out: to the sign-in page on the configured origin (NEXTAUTH_URL) rather than
  // whatever Host the request named, coming back to exactly this link afterwards. When the
  // store cannot say, the sign-in page says that, and sends the analyst back here once it can.
  const query = new URLSearchParams({ callbackUrl: requestedPath(request.nextUrl) });
  if (signedIn === null) query.set("error", UNAVAILABLE_ERROR);
  const redirect = NextResponse.redirect(new URL(`${SIGN_IN_PATH}?${query}`, origin), 307);
  redirect.headers.set("Cache-Control", "no-store");
  return withHeaders(redirect, csp, https);
}

/** A deployment page's path with its key in lower case, or null when it already is. */
function canonicalDeploymentPath(pathname: string): string | null {
  const match = /^\/d\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match || match[1] === match[1]!.toLowerCase()) return null;
  return `/d/${match[1]!.toLowerCase()}${match[2] ?? ""}`;
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

export const config = {
  // Pages only: not the API (JSON needs no nonce, and skipping the proxy saves every API call
  // a millisecond and a half), Next's own /_next paths (build assets, image optimiser, the dev
  // server's HMR socket) or the favicon; next.config.mjs gives those their headers. The
  // sign-in page is included for its CSP nonce.
  matcher: ["/((?!api/|api$|_next/|favicon\\.ico).*)"],
};
