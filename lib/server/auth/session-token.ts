import "server-only";
import { LRUCache } from "lru-cache";
import { decode, getToken, type JWT } from "next-auth/jwt";
import type { ServerEnv } from "@/lib/server/env";
import { sharedStore } from "@/lib/server/store";
import { OIDC_PROVIDER_ID } from "./oidc";
import { SessionRegistry } from "./sessions";

// Who is signed in, from next-auth's session cookie (an encrypted JWT), for proxy.ts, pages and
// route handlers alike. Not getServerSession() or withAuth: they decrypt the cookie on every
// call (getServerSession then runs the callbacks and encrypts a refreshed cookie that a server
// component cannot even set), about a millisecond each time. Here a cookie is decrypted once and
// the result kept until the token's own expiry; what is asked of the shared store on every
// request is only whether its session is still alive (./sessions), so a sign-out on one replica
// holds on all of them at once. next-auth still issues, refreshes and clears the cookie; the
// callbacks in ./options shape the same name and email for the browser.

export interface Analyst {
  /** Stable across sign-ins: the JWT's `sub` (`local:<user>`, or the SSO provider's subject). */
  id: string;
  name: string;
  email: string | null;
  /** This sign-in's session id. */
  sid: string;
  /** The single-sign-on groups (of those deployments admit) the analyst was in at sign-in. */
  groups: string[];
  /** Signed in with single sign-on (else a local account or the demo account). */
  sso: boolean;
  /** Single sign-on only: the provider said the e-mail address is verified. */
  emailVerified: boolean;
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
  const { sub, sid } = token;
  if (!name || typeof sub !== "string" || typeof sid !== "string") return null;
  const groups = Array.isArray(token.groups)
    ? token.groups.filter((group): group is string => typeof group === "string")
    : [];
  const sso = token.provider === OIDC_PROVIDER_ID;
  return {
    id: sub,
    name,
    email,
    sid,
    groups,
    sso,
    emailVerified: sso && token.emailVerified === true,
  };
}

const REGISTRY = Symbol.for("alarm-console.session-registry");
type Holder = { [REGISTRY]?: SessionRegistry };

/** The process's session registry, on the shared store (one per process, like the store). */
export function sessionRegistry(auth: ServerEnv["auth"]): SessionRegistry {
  const holder = globalThis as Holder;
  holder[REGISTRY] ??= new SessionRegistry(sharedStore(), {
    maxAgeMs: auth.sessionMaxAgeMs,
    idleTimeoutMs: auth.sessionIdleTimeoutMs,
  });
  return holder[REGISTRY];
}

// Keyed by the whole encrypted token: it is its own proof, and a changed cookie is a new key.
// Only tokens that decrypted and have not expired get in; each leaves at its `exp` at the latest.
const decrypted = new LRUCache<string, Analyst>({ max: 2_000, ttl: 10 * 60_000 });

/** The analyst a raw session token names: decrypted and checked (exp included) once, then cached. */
export async function analystOfSessionToken(
  raw: string,
  secret: string,
  now = Date.now(),
): Promise<Analyst | null> {
  const known = decrypted.get(raw);
  if (known) return known;
  let token: JWT | null;
  try {
    token = await decode({ token: raw, secret }); // rejects a token past its exp
  } catch {
    return null;
  }
  const analyst = analystOf(token);
  const expiresAt = typeof token?.exp === "number" ? token.exp * 1000 : 0;
  if (analyst && expiresAt > now) {
    decrypted.set(raw, analyst, { ttl: Math.min(expiresAt - now, 10 * 60_000) });
  }
  return analyst;
}

/** Anything that holds the request's cookies: a NextRequest, or next/headers' cookies(). */
export interface CookieSource {
  getAll(): Array<{ name: string; value: string }>;
}

/** The raw session token among `cookies` (a chunked cookie joined), without decrypting it. */
export async function sessionTokenOf(
  cookies: CookieSource,
  auth: ServerEnv["auth"],
): Promise<string | null> {
  // Cookies only, as getServerSession reads them: getToken would also take an Authorization
  // header, which this console never issues.
  const raw = await getToken({
    req: { cookies, headers: new Headers() } as unknown as Parameters<typeof getToken>[0]["req"],
    secureCookie: usesSecureCookies(auth),
    raw: true,
  });
  return raw || null;
}

/**
 * The analyst whose live session cookie is among `cookies`, or null. Throws store_unavailable
 * when the store cannot say whether the session is alive: unknown is not signed in, nor out.
 */
export async function analystOfCookies(
  cookies: CookieSource,
  auth: ServerEnv["auth"],
  registry: SessionRegistry = sessionRegistry(auth),
): Promise<Analyst | null> {
  const raw = await sessionTokenOf(cookies, auth);
  const analyst = raw ? await analystOfSessionToken(raw, auth.secret) : null;
  if (!analyst) return null;
  return (await registry.check(analyst.sid, analyst.id)) ? analyst : null;
}
