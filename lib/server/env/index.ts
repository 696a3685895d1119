import "server-only";
import { z } from "zod";
import { parseDeployments, type DeploymentConfig } from "./deployments";
import {
  commaList,
  duration,
  emptyToUndefined,
  isLoopbackHost,
  oneOf,
  optionalText,
  optionalVariable,
  requireEach,
  requiredOr,
  textOr,
  url,
  origin,
  numberVariable,
  decimalNumber,
  wholeNumber,
  redisUrl,
} from "./rules";

export { isLoopbackHost } from "./rules";

// The one place that reads process.env. Everything else asks serverEnv().

const deploymentOrigin = optionalVariable(origin);

/** The key of the one deployment the single-deployment variables configure. */
export const DEFAULT_DEPLOYMENT_KEY = "default";

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

const envSchema = z
  .object({
    NODE_ENV: oneOf(["development", "production", "test"]).default("development"),

    // The upstream: several deployments (lib/env-deployments.ts), or one by the variables below.
    // The embedded simulators' addresses are set by `npm start`.
    USM_DEPLOYMENTS: optionalText,
    USM_DEPLOYMENTS_FILE: optionalText,
    USM_BASE_URL: deploymentOrigin,
    USM_CLIENT_ID: optionalText,
    USM_CLIENT_SECRET: optionalText,
    /** Set by `npm start` (and the tests) when USM_BASE_URL is the embedded simulator. */
    USM_SIMULATOR: z.preprocess(emptyToUndefined, oneOf(["0", "1"]).default("0")),
    // 0: the client's own timeout; no cache; no rate limit of ours.
    USM_TIMEOUT_MS: numberVariable(wholeNumber({ min: 0 }), 10_000),
    USM_CACHE_TTL_MS: numberVariable(wholeNumber({ min: 0 }), 3_000),
    USM_RATE_GET_PER_SECOND: numberVariable(wholeNumber({ min: 0 }), 100),
    USM_RATE_POST_PER_SECOND: numberVariable(wholeNumber({ min: 0 }), 50),

    // The live queue: how often a watched view is polled (0 turns it off), the share of each
    // deployment's GET budget its watchers may spend, and how many of a view's newest alarms
    // each poll reads (new arrivals and status changes are seen among these).
    LIVE_INTERVAL_SECONDS: numberVariable(wholeNumber({ min: 0, max: 3_600 }), 15),
    LIVE_BUDGET_SHARE: numberVariable(decimalNumber({ min: 0.01, max: 0.5 }), 0.1),
    LIVE_WINDOW: numberVariable(wholeNumber({ min: 10, max: 1_000 }), 100),

    // The most alarms one export writes (the dialog says so before it starts).
    EXPORT_MAX_ROWS: numberVariable(wholeNumber({ min: 1, max: 10_000_000 }), 100_000),
    // The page size an export asks the upstream for (smaller ones after a 400): larger pages
    // export faster but hold more memory and more of the event loop at once (README: Export).
    EXPORT_PAGE_SIZE: numberVariable(wholeNumber({ min: 10, max: 1_000 }), 50),

    // State shared by replicas; unset: this one process keeps it in memory.
    REDIS_URL: redisUrl,

    // Sign-in.
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
    const several = Boolean(env.USM_DEPLOYMENTS || env.USM_DEPLOYMENTS_FILE);
    if (several) {
      for (const name of ["USM_BASE_URL", "USM_CLIENT_ID", "USM_CLIENT_SECRET"] as const) {
        if (env[name]) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: `is set together with ${env.USM_DEPLOYMENTS ? "USM_DEPLOYMENTS" : "USM_DEPLOYMENTS_FILE"}: configure the deployment there instead`,
          });
        }
      }
      return;
    }
    if (!env.USM_BASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["USM_BASE_URL"],
        message:
          "is not set: start with `npm start` to use the embedded simulators, or set USM_DEPLOYMENTS, or USM_BASE_URL to your deployment's origin",
      });
    }
    if (env.USM_SIMULATOR === "0") {
      const credentials = ["USM_CLIENT_ID", "USM_CLIENT_SECRET"] as const;
      requireEach(ctx, env, credentials, "when USM_BASE_URL names a deployment");
    }
    if (
      env.USM_SIMULATOR === "1" &&
      env.USM_BASE_URL &&
      !isLoopbackHost(new URL(env.USM_BASE_URL).hostname)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["USM_SIMULATOR"],
        message: "may be 1 only when USM_BASE_URL is a loopback address (the embedded simulator)",
      });
    }
    const oidc = ["AUTH_OIDC_ISSUER", "AUTH_OIDC_CLIENT_ID", "AUTH_OIDC_CLIENT_SECRET"] as const;
    if (oidc.some((name) => env[name])) {
      requireEach(ctx, env, oidc, "when single sign-on is configured");
    }
  });

type ParsedEnv = z.infer<typeof envSchema>;

export interface ServerEnv {
  nodeEnv: ParsedEnv["NODE_ENV"];
  usm: {
    /** True when the upstreams are the project's own simulators on loopback. */
    simulator: boolean;
    /** How long identical reads are shared between analysts, for every deployment. */
    cacheTtlMs: number;
  };
  /** The deployments, in the configured order (the first an analyst may see is their default). */
  deployments: DeploymentConfig[];
  live: {
    /** How often a watched view is polled at most; 0: the live queue is off. */
    intervalMs: number;
    /** The share (0..1) of each deployment's GET budget the watchers may spend together. */
    budgetShare: number;
    /** How many of a view's first alarms each poll reads. */
    window: number;
  };
  export: {
    /** The most alarms one export writes. */
    maxRows: number;
    /** The page size an export asks for first. */
    pageSize: number;
  };
  /** Where replicas share state; undefined: in this process's memory. */
  redisUrl: string | undefined;
  auth: {
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
  };
}

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses an environment; throws an EnvError naming every wrong or missing variable. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = envSchema.safeParse(source);
  const lines = result.success
    ? []
    : result.error.issues.map((issue) => {
        return `  ${String(issue.path[0] ?? "environment")} ${issue.message}`;
      });
  const defaults = {
    timeoutMs: result.data?.USM_TIMEOUT_MS ?? 10_000,
    getPerSecond: result.data?.USM_RATE_GET_PER_SECOND ?? 100,
    postPerSecond: result.data?.USM_RATE_POST_PER_SECOND ?? 50,
  };
  const several = parseDeployments(source, defaults);
  if (several && !several.ok) {
    for (const { variable, message } of several.problems) lines.push(`  ${variable} ${message}`);
  }
  const simulator = result.data?.USM_SIMULATOR === "1";
  if (simulator && several?.ok) {
    for (const deployment of several.deployments) {
      if (!isLoopbackHost(new URL(deployment.baseUrl).hostname)) {
        lines.push(
          `  USM_SIMULATOR may be 1 only when every deployment is on a loopback address (${deployment.key} is not)`,
        );
      }
    }
  }
  if (!result.success || lines.length > 0) {
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const deployments: DeploymentConfig[] = several?.ok
    ? several.deployments
    : [
        {
          key: DEFAULT_DEPLOYMENT_KEY,
          name: simulator ? "USM Anywhere simulator" : new URL(env.USM_BASE_URL!).hostname,
          kind: "anywhere",
          baseUrl: env.USM_BASE_URL!,
          clientId: env.USM_CLIENT_ID ?? "demo-client",
          clientSecret: env.USM_CLIENT_SECRET ?? "demo-secret",
          ...defaults,
          analysts: [],
          groups: [],
        },
      ];
  return {
    nodeEnv: env.NODE_ENV,
    usm: { simulator, cacheTtlMs: env.USM_CACHE_TTL_MS },
    deployments,
    live: {
      intervalMs: env.LIVE_INTERVAL_SECONDS * 1000,
      budgetShare: env.LIVE_BUDGET_SHARE,
      window: env.LIVE_WINDOW,
    },
    export: { maxRows: env.EXPORT_MAX_ROWS, pageSize: env.EXPORT_PAGE_SIZE },
    redisUrl: env.REDIS_URL,
    auth: {
      secret: env.NEXTAUTH_SECRET,
      url: env.NEXTAUTH_URL,
      sessionMaxAgeMs: env.AUTH_SESSION_MAX_AGE,
      sessionIdleTimeoutMs: Math.min(env.AUTH_SESSION_IDLE_TIMEOUT, env.AUTH_SESSION_MAX_AGE),
      localUsers: env.AUTH_LOCAL_USERS,
      demoPassword: simulator ? env.DEMO_PASSWORD : undefined,
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
      accessGroups: [...new Set(deployments.flatMap((deployment) => deployment.groups))],
    },
  };
}

let cached: ServerEnv | undefined;

/** The validated environment of this server process, parsed once. */
export function serverEnv(): ServerEnv {
  cached ??= parseEnv(process.env);
  return cached;
}
