import "server-only";
import type { NextAuthOptions } from "next-auth";
import { encode } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { sharedStore } from "@/lib/server/store";
import { safeCallbackPath } from "@/lib/shared/auth/callback-url";
import { authorizeCredentials, SignInUnavailableError } from "./credentials";
import { decideOidcAccess, groupsOf, OIDC_PROVIDER_ID, oidcProvider } from "./oidc";
import { SIGN_IN_PATH } from "@/lib/shared/auth/paths";
import { sessionRegistry, usesSecureCookies } from "./session-token";
import type { SessionRegistry } from "./sessions";
import { SignInThrottle } from "./throttle";

// next-auth (v4) for the console: JWT sessions that are honoured only while registered in the
// shared store (./sessions); local accounts and the simulator's demo account through the
// credentials provider; single sign-on through any OpenID Connect provider.

/** A refresh of a session that has ended (signed out, revoked, expired): not a fault of ours. */
class SessionEndedError extends Error {
  override name = "SessionEndedError";
}

export interface AuthDeps {
  sessions: SessionRegistry;
  throttle: SignInThrottle;
}

/** The SSO groups of `profile` that some deployment admits (none for a local account). */
function accessGroupsOf(profile: unknown, auth: ServerEnv["auth"]): string[] {
  if (!auth.oidc || typeof profile !== "object" || profile === null) return [];
  const groups = groupsOf((profile as Record<string, unknown>)[auth.oidc.groupsClaim]);
  return auth.accessGroups.filter((group) => groups.includes(group));
}

/** Only a provider's explicit word: an address a user typed in unverified names nobody. */
function emailVerifiedOf(profile: unknown): boolean {
  if (typeof profile !== "object" || profile === null) return false;
  const verified = (profile as Record<string, unknown>).email_verified;
  return verified === true || verified === "true";
}

export function buildAuthOptions(env: ServerEnv, deps: AuthDeps): NextAuthOptions {
  const { auth } = env;
  const { sessions, throttle } = deps;
  const providers: NextAuthOptions["providers"] = [
    CredentialsProvider({
      id: "credentials",
      name: "Account",
      credentials: {
        username: { label: "Username", type: "text" },
        password: { label: "Password", type: "password" },
      },
      authorize: (credentials, request) =>
        authorizeCredentials(credentials, request.headers, { accounts: auth, throttle }),
    }),
  ];
  if (auth.oidc) providers.push(oidcProvider(auth.oidc));

  const maxAgeSeconds = Math.floor(auth.sessionMaxAgeMs / 1000);

  return {
    secret: auth.secret,
    session: { strategy: "jwt", maxAge: maxAgeSeconds },
    jwt: {
      // A refresh re-issues the cookie; its expiry never passes sign-in + the session's lifetime.
      async encode(params) {
        const authTime = params.token?.authTime;
        const left =
          typeof authTime === "number"
            ? Math.floor((authTime + auth.sessionMaxAgeMs - Date.now()) / 1000)
            : maxAgeSeconds;
        return encode({ ...params, maxAge: Math.max(1, Math.min(params.maxAge ?? left, left)) });
      },
    },
    useSecureCookies: usesSecureCookies(auth),
    // Errors come back to the sign-in page too (?error=<code>), not to next-auth's own pages.
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers,
    // next-auth logs errors with their stack and metadata: the code and the error's kind only.
    logger: {
      error(code, metadata) {
        if (metadata instanceof SessionEndedError) {
          console.info("[auth] a refresh of an ended session was refused; its cookie was cleared");
          return;
        }
        console.error(`[auth] ${code}${metadata instanceof Error ? ` (${metadata.name})` : ""}`);
      },
      warn: (code) => console.warn(`[auth] ${code}`),
      debug: () => undefined,
    },
    callbacks: {
      signIn({ account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        if (!auth.oidc || !profile) return false;
        const decision = decideOidcAccess(profile as Record<string, unknown>, auth.oidc);
        if (!decision.allowed) console.warn(`[auth] single sign-on refused (${decision.reason})`);
        return decision.allowed;
      },
      // Only paths on this origin are followed after sign-in or sign-out: no open redirect.
      redirect({ url, baseUrl }) {
        return new URL(safeCallbackPath(url, baseUrl), baseUrl).toString();
      },
      // The session holds who the analyst is and which sign-in this is, nothing else: no
      // provider tokens, no picture. At sign-in the session is registered; at every refresh it
      // must still be registered, or next-auth clears the cookie and answers no session.
      async jwt({ token, user, account, profile }) {
        if (user) {
          const subject = token.sub ?? user.id;
          const session = await sessions.create(subject).catch(() => {
            throw new SignInUnavailableError();
          });
          return {
            sub: subject,
            name: user.name ?? null,
            email: user.email ?? null,
            provider: account?.provider,
            sid: session.sid,
            authTime: session.createdAt,
            // Which deployments' groups the analyst is in, as the provider said at sign-in, and
            // whether it vouched for the e-mail address (deployments may name analysts by it).
            groups: accessGroupsOf(profile, auth),
            emailVerified: emailVerifiedOf(profile),
          };
        }
        const { sid, sub } = token;
        if (
          typeof sid !== "string" ||
          typeof sub !== "string" ||
          !(await sessions.check(sid, sub))
        ) {
          throw new SessionEndedError("the session has ended");
        }
        return token;
      },
      session({ session, token }) {
        session.user = {
          name: typeof token.name === "string" ? token.name : null,
          email: typeof token.email === "string" ? token.email : null,
        };
        return session;
      },
    },
    events: {
      // Also revoked by the sign-out route before next-auth runs (app/api/auth); this covers a
      // sign-out that reaches next-auth some other way.
      async signOut({ token }) {
        if (typeof token?.sid === "string") await sessions.revoke(token.sid);
      },
    },
  };
}

let cached: NextAuthOptions | undefined;

/** This server's next-auth options (built on first use: the build runs without the env). */
export function authOptions(): NextAuthOptions {
  if (!cached) {
    const env = serverEnv();
    const store = sharedStore();
    cached = buildAuthOptions(env, {
      sessions: sessionRegistry(env.auth),
      throttle: new SignInThrottle(store),
    });
  }
  return cached;
}
