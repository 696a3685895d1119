import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { serverEnv, type ServerEnv } from "@/lib/env";
import { safeCallbackPath } from "./callback-url";
import { authorizeCredentials } from "./credentials";
import { SIGN_IN_PATH } from "./paths";
import { decideOidcAccess, OIDC_PROVIDER_ID, oidcProvider } from "./oidc";
import { usesSecureCookies } from "./session-token";
import { SignInThrottle } from "./throttle";

// next-auth (v4) for the console: JWT sessions; local accounts and the simulator's demo account
// through the credentials provider; single sign-on through any OpenID Connect provider.

const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

export function buildAuthOptions(
  env: ServerEnv,
  throttle: SignInThrottle = new SignInThrottle(),
): NextAuthOptions {
  const { auth } = env;
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

  return {
    secret: auth.secret,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: usesSecureCookies(auth),
    // Errors come back to the sign-in page too (?error=<code>), not to next-auth's own pages.
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers,
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
      // The session holds who the analyst is, nothing else: no provider tokens, no picture.
      jwt({ token, user, account }) {
        if (user) {
          return {
            sub: token.sub,
            name: user.name ?? null,
            email: user.email ?? null,
            provider: account?.provider,
          };
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
  };
}

let cached: NextAuthOptions | undefined;

/** This server's next-auth options (built on first use: the build runs without the env). */
export function authOptions(): NextAuthOptions {
  cached ??= buildAuthOptions(serverEnv());
  return cached;
}
