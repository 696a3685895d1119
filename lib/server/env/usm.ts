// The upstream's variables (USM_*): one deployment, or the list deployments.ts reads; server-only.
import "server-only";
import { z } from "zod";
import { parseDeployments, type DeploymentConfig, type DeploymentDefaults } from "./deployments";
import {
  emptyToUndefined,
  isLoopbackHost,
  numberVariable,
  oneOf,
  optionalText,
  optionalVariable,
  origin,
  readVariables,
  requireEach,
  wholeNumber,
  problemsOf,
  type Parsed,
  type Source,
} from "./rules";

/** The key of the one deployment the single-deployment variables configure. */
const DEFAULT_DEPLOYMENT_KEY = "default";

export interface UsmEnv {
  /** True when the upstreams are the project's own simulators on loopback. */
  simulator: boolean;
  /** How long identical reads are shared between analysts, for every deployment. */
  cacheTtlMs: number;
}

export interface Upstream {
  usm: UsmEnv;
  /** The deployments, in the configured order (the first an analyst may see is their default). */
  deployments: DeploymentConfig[];
}

/** Every deployment's timeout and rates unless its entry says otherwise. */
const DEFAULTS: DeploymentDefaults = { timeoutMs: 10_000, getPerSecond: 100, postPerSecond: 50 };

const CREDENTIALS = ["USM_CLIENT_ID", "USM_CLIENT_SECRET"] as const;
const SINGLE = ["USM_BASE_URL", ...CREDENTIALS] as const;

const schema = z
  .object({
    // Several deployments (deployments.ts), or one by the variables below. The embedded
    // simulators' addresses are set by `npm start`.
    USM_DEPLOYMENTS: optionalText,
    USM_DEPLOYMENTS_FILE: optionalText,
    USM_BASE_URL: optionalVariable(origin),
    USM_CLIENT_ID: optionalText,
    USM_CLIENT_SECRET: optionalText,
    /** Set by `npm start` (and the tests) when the upstream is the embedded simulator. */
    USM_SIMULATOR: z.preprocess(emptyToUndefined, oneOf(["0", "1"]).default("0")),
    // 0: the client's own timeout; no cache; no rate limit of ours.
    USM_TIMEOUT_MS: numberVariable(wholeNumber({ min: 0 }), DEFAULTS.timeoutMs),
    USM_CACHE_TTL_MS: numberVariable(wholeNumber({ min: 0 }), 3_000),
    USM_RATE_GET_PER_SECOND: numberVariable(wholeNumber({ min: 0 }), DEFAULTS.getPerSecond),
    USM_RATE_POST_PER_SECOND: numberVariable(wholeNumber({ min: 0 }), DEFAULTS.postPerSecond),
  })
  .superRefine((env, ctx) => {
    const list = env.USM_DEPLOYMENTS
      ? "USM_DEPLOYMENTS"
      : env.USM_DEPLOYMENTS_FILE && "USM_DEPLOYMENTS_FILE";
    if (list) {
      for (const name of SINGLE.filter((name) => env[name])) {
        const message = `is set together with ${list}: configure the deployment there instead`;
        ctx.addIssue({ code: "custom", path: [name], message });
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
      requireEach(ctx, env, CREDENTIALS, "when USM_BASE_URL names a deployment");
    }
  });

/** The deployments and the upstream settings, or what is wrong with their variables. */
export function readUpstream(source: Source): Parsed<Upstream> {
  const variables = readVariables(schema, source);
  const env = variables.ok ? variables.value : undefined;
  const defaults: DeploymentDefaults = env
    ? {
        timeoutMs: env.USM_TIMEOUT_MS,
        getPerSecond: env.USM_RATE_GET_PER_SECOND,
        postPerSecond: env.USM_RATE_POST_PER_SECOND,
      }
    : DEFAULTS;
  // The list is read even when the other variables are wrong: start-up names all at once.
  const list = parseDeployments(source, defaults);
  if (!env || list?.ok === false) {
    return { ok: false, problems: [...problemsOf(variables), ...problemsOf(list)] };
  }
  const simulator = env.USM_SIMULATOR === "1";
  const deployments = list ? list.value : [single(env, simulator, defaults)];
  // USM_SIMULATOR=1 vouches that every upstream is the embedded simulator.
  const remote = simulator
    ? deployments.filter((deployment) => !isLoopbackHost(new URL(deployment.baseUrl).hostname))
    : [];
  if (remote.length > 0) {
    const problems = remote.map((deployment) => ({
      variable: "USM_SIMULATOR",
      message: `may be 1 only when every deployment is on a loopback address (${list ? deployment.key : "USM_BASE_URL"} is not)`,
    }));
    return { ok: false, problems };
  }
  return { ok: true, value: { usm: { simulator, cacheTtlMs: env.USM_CACHE_TTL_MS }, deployments } };
}

/** The one deployment of USM_BASE_URL, USM_CLIENT_ID and USM_CLIENT_SECRET. */
function single(
  env: z.output<typeof schema>,
  simulator: boolean,
  defaults: DeploymentDefaults,
): DeploymentConfig {
  const baseUrl = env.USM_BASE_URL!; // the schema requires it when there is no list
  return {
    key: DEFAULT_DEPLOYMENT_KEY,
    name: simulator ? "USM Anywhere simulator" : new URL(baseUrl).hostname,
    kind: "anywhere",
    baseUrl,
    clientId: env.USM_CLIENT_ID ?? "demo-client",
    clientSecret: env.USM_CLIENT_SECRET ?? "demo-secret",
    ...defaults,
    analysts: [],
    groups: [],
    labels: {},
  };
}
