// Sign-in's variables (NEXTAUTH_*, AUTH_*, DEMO_PASSWORD): accounts, SSO, sessions; server-only.
import "server-only";
import { z } from "zod";
import {
  commaList,
  duration,
  emptyToUndefined,
  numberVariable,
  optionalText,
  optionalVariable,
  requireEach,
  requiredOr,
  textOr,
  url,
  wholeNumber,
} from "./rules";
import type { Upstream } from "./usm";

export interface AuthEnv {
  secret: string;
  url: string | undefined;
  /** A session ends this long after sign-in, however active (ms). */
  sessionMaxAgeMs: number;
  /** A session ends after this long without a request (ms). */
  sessionIdleTimeoutMs: number;
  localUsers: { username: string; passwordHash: string }[];
  /** The demo account's password; only ever set on the embedded simulator. */
  demoPassword: string | undefined;
  oidc:
    | {
        issuer: string;
        clientId: string;
        clientSecret: string;
        name: string;
        allowedDomains: string[];
        groupsClaim: string;
        allowedGroups: string[];
      }
    | undefined;
  /**
   * Reverse proxies in front of the dashboard that append X-Forwarded-For. 0: the header is the
   * client's own word, so sign-in throttling counts the TCP peer's address instead.
   */
  trustedProxyHops: number;
  /**
   * The single-sign-on groups some deployment admits: a session remembers which of these the
   * analyst is in (read at sign-in), and no others, to keep the cookie small.
   */
  accessGroups: string[];
}

/** `user:bcrypt-hash` pairs separated by commas (bcrypt hashes contain neither). */
const localUsers = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const users: { username: string; passwordHash: string }[] = [];
      for (const entry of (value ?? "").split(",").map((item) => item.trim())) {
        if (!entry) continue;
        const colon = entry.indexOf(":");
        const username = entry.slice(0, colon).trim();
        const passwordHash = entry.slice(colon + 1).trim();
        if (colon < 1 || !/^\$2[aby]\$\d\d\$.{53}$/.test(passwordHash)) {
          ctx.addIssue({
            code: "custom",
            message:
              "each entry must be username:<bcrypt hash> (make one with npm run hash-password)",
          });
          return z.NEVER;
        }
        users.push({ username, passwordHash });
      }
      return users;
    }),
);

const OIDC = ["AUTH_OIDC_ISSUER", "AUTH_OIDC_CLIENT_ID", "AUTH_OIDC_CLIENT_SECRET"] as const;

/** The sign-in variables; authEnv() completes them. */
export const authVariables = z
  .object({
    NEXTAUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string(requiredOr("must be text", "(any long random string)")).min(16, {
        message: "must be at least 16 characters",
      }),
    ),
    NEXTAUTH_URL: optionalVariable(url("https://alarms.example.org")),
    AUTH_LOCAL_USERS: localUsers,
    DEMO_PASSWORD: optionalText,
    AUTH_OIDC_ISSUER: optionalVariable(url("https://login.example.org")),
    AUTH_OIDC_CLIENT_ID: optionalText,
    AUTH_OIDC_CLIENT_SECRET: optionalText,
    AUTH_OIDC_NAME: textOr("Single sign-on"),
    AUTH_OIDC_ALLOWED_DOMAINS: commaList,
    AUTH_OIDC_GROUPS_CLAIM: textOr("groups"),
    AUTH_OIDC_ALLOWED_GROUPS: commaList,
    AUTH_SESSION_MAX_AGE: duration(12 * 3_600_000, 60_000),
    AUTH_SESSION_IDLE_TIMEOUT: duration(2 * 3_600_000, 60_000),
    // Reverse proxies in front that append X-Forwarded-For: which entry is the client's address.
    AUTH_TRUSTED_PROXY_HOPS: numberVariable(
      wholeNumber({ min: 0, hint: "0 when no reverse proxy is in front" }),
      0,
    ),
  })
  .superRefine((env, ctx) => {
    if (OIDC.some((name) => env[name])) {
      requireEach(ctx, env, OIDC, "when single sign-on is configured");
    }
  });

/** AuthEnv from the sign-in variables, with what the upstream's decide. */
export function authEnv(env: z.output<typeof authVariables>, upstream: Upstream): AuthEnv {
  return {
    secret: env.NEXTAUTH_SECRET,
    url: env.NEXTAUTH_URL,
    sessionMaxAgeMs: env.AUTH_SESSION_MAX_AGE,
    sessionIdleTimeoutMs: Math.min(env.AUTH_SESSION_IDLE_TIMEOUT, env.AUTH_SESSION_MAX_AGE),
    localUsers: env.AUTH_LOCAL_USERS,
    demoPassword: upstream.usm.simulator ? env.DEMO_PASSWORD : undefined,
    oidc:
      env.AUTH_OIDC_ISSUER && env.AUTH_OIDC_CLIENT_ID && env.AUTH_OIDC_CLIENT_SECRET
        ? {
            issuer: env.AUTH_OIDC_ISSUER,
            clientId: env.AUTH_OIDC_CLIENT_ID,
            clientSecret: env.AUTH_OIDC_CLIENT_SECRET,
            name: env.AUTH_OIDC_NAME,
            allowedDomains: env.AUTH_OIDC_ALLOWED_DOMAINS.map((domain) => domain.toLowerCase()),
            groupsClaim: env.AUTH_OIDC_GROUPS_CLAIM,
            allowedGroups: env.AUTH_OIDC_ALLOWED_GROUPS,
          }
        : undefined,
    trustedProxyHops: env.AUTH_TRUSTED_PROXY_HOPS,
    accessGroups: [...new Set(upstream.deployments.flatMap((deployment) => deployment.groups))],
  };
}
