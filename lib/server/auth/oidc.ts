import "server-only";
import type { OAuthConfig } from "next-auth/providers/oauth";
import type { ServerEnv } from "@/lib/server/env";

// Single sign-on with any OpenID Connect provider, configured by AUTH_OIDC_*. Who may use the
// console is decided here from the ID token's claims (email domain and/or group membership).

export type OidcConfig = NonNullable<ServerEnv["auth"]["oidc"]>;

/** The ID token claims the console reads; the rest pass through untouched. */
export interface OidcProfile extends Record<string, unknown> {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export const OIDC_PROVIDER_ID = "oidc";

export function oidcProvider(config: OidcConfig): OAuthConfig<OidcProfile> {
  return {
    id: OIDC_PROVIDER_ID,
    name: config.name,
    type: "oauth",
    wellKnown: `${config.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    idToken: true,
    checks: ["pkce", "state"],
    authorization: { params: { scope: "openid email profile" } },
    profile(profile) {
      const email = typeof profile.email === "string" ? profile.email : null;
      return {
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? email ?? profile.sub,
        email,
      };
    },
  };
}

export type OidcDecision = { allowed: true } | { allowed: false; reason: "domain" | "group" };

/**
 * Whether an SSO user may sign in. With AUTH_OIDC_ALLOWED_DOMAINS the verified email must be in
 * one of the domains; with AUTH_OIDC_ALLOWED_GROUPS the groups claim must name one of the
 * groups; with both, both must hold. With neither, the identity provider's own assignment of
 * users to the client decides.
 */
export function decideOidcAccess(
  profile: Record<string, unknown>,
  config: OidcConfig,
): OidcDecision {
  if (config.allowedDomains.length > 0) {
    const email = typeof profile.email === "string" ? profile.email.trim().toLowerCase() : "";
    const domain = email.includes("@") ? email.slice(email.lastIndexOf("@") + 1) : "";
    // An address the provider says is unverified proves nothing about the domain.
    const verified = profile.email_verified !== false && profile.email_verified !== "false";
    if (!domain || !verified || !config.allowedDomains.includes(domain)) {
      return { allowed: false, reason: "domain" };
    }
  }
  if (config.allowedGroups.length > 0) {
    const groups = groupsOf(profile[config.groupsClaim]);
    if (!config.allowedGroups.some((group) => groups.includes(group))) {
      return { allowed: false, reason: "group" };
    }
  }
  return { allowed: true };
}

/** A groups claim is an array of names, or (some providers) one space- or comma-separated string. */
export function groupsOf(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((item): item is string => typeof item === "string");
  if (typeof claim === "string") return claim.split(/[\s,]+/).filter(Boolean);
  return [];
}
