// The validated environment: parseEnv() and serverEnv() compose the concerns; server-only.
import "server-only";
import { z } from "zod";
import { authEnv, authVariables, type AuthEnv } from "./auth";
import { exportVariables, type ExportEnv } from "./export";
import { indexVariables, type IndexEnv } from "./index-db";
import { labelsVariables, type LabelsEnv } from "./labels";
import { liveVariables, type LiveEnv } from "./live";
import { metricsVariables, type MetricsEnv } from "./metrics";
import { oneOf, problemsOf, readVariables, type Parsed, type Source } from "./rules";
import { storeVariables } from "./store";
import { readUpstream, type Upstream } from "./usm";

// The one place that reads process.env: each concern's file reads its own variables (usm,
// deployments, live, export, store, auth, metrics, labels) with the rules of rules.ts. Everything else
// asks serverEnv().

const NODE_ENV = z
  .object({ NODE_ENV: oneOf(["development", "production", "test"]).default("development") })
  .transform((env) => env.NODE_ENV);

/** The upstream's settings (`usm`) and the deployments, with every other concern's. */
export interface ServerEnv extends Upstream {
  nodeEnv: z.output<typeof NODE_ENV>;
  live: LiveEnv;
  export: ExportEnv;
  /** Where replicas share state; undefined: in this process's memory. */
  redisUrl: string | undefined;
  auth: AuthEnv;
  /** Where the index lives and how its sync spends the budget. */
  index: IndexEnv;
  metrics: MetricsEnv;
  /** How the verdicts' USM labels are written back. */
  labels: LabelsEnv;
}

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses an environment; throws an EnvError naming every wrong or missing variable. */
export function parseEnv(source: Source): ServerEnv {
  const { nodeEnv, upstream, live, exporting, redisUrl, auth, index, metrics, labels } =
    valuesOrThrow({
      nodeEnv: readVariables(NODE_ENV, source),
      upstream: readUpstream(source),
      live: readVariables(liveVariables, source),
      exporting: readVariables(exportVariables, source),
      redisUrl: readVariables(storeVariables, source),
      auth: readVariables(authVariables, source),
      index: readVariables(indexVariables, source),
      metrics: readVariables(metricsVariables, source),
      labels: readVariables(labelsVariables, source),
    });
  return {
    nodeEnv,
    ...upstream,
    live,
    export: exporting,
    redisUrl,
    auth: authEnv(auth, upstream),
    index,
    metrics,
    labels,
  };
}

type Values<T> = { [K in keyof T]: T[K] extends Parsed<infer V> ? V : never };

/** Each part's value, or an EnvError listing every part's problems, a line each. */
function valuesOrThrow<T extends Record<string, Parsed<unknown>>>(parts: T): Values<T> {
  const entries = Object.entries(parts);
  if (entries.some(([, part]) => !part.ok)) {
    const lines = entries.flatMap(([, part]) => problemsOf(part));
    const text = lines.map(({ variable, message }) => `  ${variable} ${message}`).join("\n");
    throw new EnvError(`Invalid configuration:\n${text}`);
  }
  return Object.fromEntries(
    entries.map(([name, part]) => [name, part.ok && part.value]),
  ) as Values<T>;
}

/**
 * The index's variables alone (DATABASE_URL, INDEX_*), for a command line tool that opens the
 * console's database and needs neither the upstream nor sign-in (npm run triage:export).
 */
export function indexEnv(source: Source = process.env): IndexEnv {
  return valuesOrThrow({ index: readVariables(indexVariables, source) }).index;
}

let cached: ServerEnv | undefined;

/** The validated environment of this server process, parsed once. */
export function serverEnv(): ServerEnv {
  cached ??= parseEnv(process.env);
  return cached;
}
