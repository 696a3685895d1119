import "server-only";
import { LRUCache } from "lru-cache";
import { decode, getToken, type JWT } from "next-auth/jwt";
import type { ServerEnv } from "@/lib/env";

// Who is signed in, from next-auth's session cookie (an encrypted JWT), for proxy.ts, pages and
// route handlers alike. Not getServerSession() or withAuth: they decrypt the cookie on every
// call (getServerSession then runs the callbacks and encrypts a refreshed cookie that a server
// component cannot even set), about a millisecond each time. Here a cookie is decrypted once
// and the result kept until the token's own expiry, so an analyst's next request costs a lookup.
// next-auth still issues, refreshes and clears the cookie; the session callback in ./options
// shapes the same name and email for the browser.

export interface Analyst {
  name: string;
  email: string | null;
}

/** Secure, __Secure-/__Host- prefixed cookies whenever the console is served over https. */
export function usesSecureCookies(auth: ServerEnv["auth"]): boolean {
  return auth.url?.startsWith("https://") ?? false;
}

/** The analyst a session token names, by the rules of the session callback; null if none. */
export function analystOf(token: JWT | null): Analyst | null {
  if (!token) return null;
  const email = typeof token.email === "string" ? token.email : null;
  const name = (typeof token.name === "string" ? token.name : null) ?? email;
  return name ? { name, email } : null;
}

interface Verified {
  analyst: Analyst;
}

// Keyed by the whole encrypted token: it is its own proof, and a changed cookie is a new key.
// Only tokens that decrypted and have not expired get in; each leaves at its `exp` at the latest.
const verified = new LRUCache<string, Verified>({ max: 2_000, ttl: 10 * 60_000 });

/** The analyst of a raw session token: decrypted and checked (exp included) once, then cached. */
export async function analystOfSessionToken(
  raw: string,
  secret: string,
  now = Date.now(),
): Promise<Analyst | null> {
  const known = verified.get(raw);
  if (known) return known.analyst;
  let token: JWT | null;
  try {
    token = await decode({ token: raw, secret }); // rejects a token past its exp
  } catch {
    return null;
  }
  const analyst = analystOf(token);
  const expiresAt = typeof token?.exp === "number" ? token.exp * 1000 : 0;
  if (analyst && expiresAt > now) {
    verified.set(raw, { analyst }, { ttl: Math.min(expiresAt - now, 10 * 60_000) });
  }
  return analyst;
}

/** Anything that holds the request's cookies: a NextRequest, or next/headers' cookies(). */
export interface CookieSource {
  getAll(): Array<{ name: string; value: string }>;
}

/** The analyst whose session cookie is among `cookies`, or null. */
export async function analystOfCookies(
  cookies: CookieSource,
  auth: ServerEnv["auth"],
): Promise<Analyst | null> {
  // Cookies only, as getServerSession reads them: getToken would also take an Authorization
  // header, which this console never issues. `raw` joins a chunked cookie without decrypting.
  const raw = await getToken({
    req: { cookies, headers: new Headers() } as unknown as Parameters<typeof getToken>[0]["req"],
    secureCookie: usesSecureCookies(auth),
    raw: true,
  });
  return raw ? analystOfSessionToken(raw, auth.secret) : null;
}
