import "server-only";
import { readFileSync } from "node:fs";
import { z } from "zod";
import {
  ALL_DEPLOYMENTS,
  DEPLOYMENT_KEY,
  DEPLOYMENT_KINDS,
  type DeploymentKind,
} from "@/lib/shared/deployments/types";
import { isRequired, oneOf, origin, requiredOr, wholeNumber } from "./rules";

// The deployments the console reads: USM_DEPLOYMENTS (a JSON array) or USM_DEPLOYMENTS_FILE (the
// path of a file holding one), or the single-deployment variables of earlier versions (one
// deployment, key `default`). Parsed by lib/env.ts, once, at start-up; a wrong entry stops
// start-up naming the entry and the field.

export interface DeploymentConfig {
  /** A URL slug, unique: `/d/{key}/alarms`; also in every store key of its client. */
  key: string;
  /** What analysts see. */
  name: string;
  kind: DeploymentKind;
  /** The origin, https (http only on loopback). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  getPerSecond: number;
  postPerSecond: number;
  /**
   * Who may see it: local usernames (or SSO e-mail addresses) and SSO groups. Both empty:
   * every analyst.
   */
  analysts: string[];
  groups: string[];
}

export interface DeploymentDefaults {
  timeoutMs: number;
  getPerSecond: number;
  postPerSecond: number;
}

const nonEmpty = z.string(requiredOr("must be text")).trim().min(1, "must not be empty");
const SLUG = "must be a URL slug: lower-case letters, digits and dashes (e.g. acme-eu)";

/**
 * The console's own settings: a deployment's secret may not be read from them (a configured
 * baseUrl would then receive the session-signing secret or the Redis password).
 */
const CONSOLE_VARIABLE = /^(NEXTAUTH_|AUTH_|REDIS_|DEMO_|NEXT_|USM_DEPLOYMENTS)/;

function entrySchema(source: Record<string, string | undefined>) {
  return z
    .strictObject(
      {
        key: z
          .string(requiredOr(SLUG))
          .regex(DEPLOYMENT_KEY, SLUG)
          .refine((key) => key !== ALL_DEPLOYMENTS, {
            message: `must not be "${ALL_DEPLOYMENTS}" (the merged queue's own path)`,
          }),
        name: nonEmpty.max(80, { message: "must be at most 80 characters" }),
        kind: oneOf(DEPLOYMENT_KINDS),
        baseUrl: origin,
        clientId: nonEmpty,
        clientSecret: nonEmpty.optional(),
        clientSecretEnv: nonEmpty.optional(),
        timeoutMs: wholeNumber({ min: 1, max: 120_000 }).optional(),
        getPerSecond: wholeNumber({ min: 1 }).optional(),
        postPerSecond: wholeNumber({ min: 1 }).optional(),
        analysts: z.array(nonEmpty, { message: "must be a list of usernames" }).optional(),
        groups: z.array(nonEmpty, { message: "must be a list of group names" }).optional(),
      },
      { message: "must be an object" },
    )
    .superRefine((entry, ctx) => {
      if (entry.clientSecret && entry.clientSecretEnv) {
        ctx.addIssue({
          code: "custom",
          path: ["clientSecret"],
          message: "and clientSecretEnv are both set: keep one",
        });
      } else if (!entry.clientSecret && !entry.clientSecretEnv) {
        ctx.addIssue({
          code: "custom",
          path: ["clientSecret"],
          message: isRequired("(or clientSecretEnv: the variable that holds it)"),
        });
      } else if (entry.clientSecretEnv && CONSOLE_VARIABLE.test(entry.clientSecretEnv)) {
        ctx.addIssue({
          code: "custom",
          path: ["clientSecretEnv"],
          message: `names ${entry.clientSecretEnv}, one of the console's own variables: give the secret a variable of its own`,
        });
      } else if (entry.clientSecretEnv && !source[entry.clientSecretEnv]?.trim()) {
        ctx.addIssue({
          code: "custom",
          path: ["clientSecretEnv"],
          message: `names ${entry.clientSecretEnv}, which is not set`,
        });
      }
    });
}

export type DeploymentsOutcome =
  | { ok: true; deployments: DeploymentConfig[] }
  | { ok: false; problems: { variable: string; message: string }[] };

/**
 * The deployments of USM_DEPLOYMENTS or USM_DEPLOYMENTS_FILE, or null when neither is set (the
 * single-deployment variables then apply).
 */
export function parseDeployments(
  source: Record<string, string | undefined>,
  defaults: DeploymentDefaults,
): DeploymentsOutcome | null {
  const inline = source.USM_DEPLOYMENTS?.trim();
  const file = source.USM_DEPLOYMENTS_FILE?.trim();
  if (!inline && !file) return null;
  if (inline && file) {
    return fail("USM_DEPLOYMENTS", "and USM_DEPLOYMENTS_FILE are both set: keep one");
  }
  const variable = inline ? "USM_DEPLOYMENTS" : "USM_DEPLOYMENTS_FILE";
  let text = inline ?? "";
  if (file) {
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? "unreadable";
      return fail(variable, `names ${file}, which cannot be read (${reason})`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(variable, "must hold a JSON array of deployments");
  }
  const schema = z
    .array(entrySchema(source), { message: "must be a JSON array of deployments" })
    .min(1, { message: "must name at least one deployment" })
    .max(200, { message: "may name at most 200 deployments" });
  const result = schema.safeParse(json);
  if (!result.success) {
    return {
      ok: false,
      problems: result.error.issues.map((issue) => ({
        variable,
        message: `${describeEntry(json, issue.path)}${issue.message}`,
      })),
    };
  }
  const problems: { variable: string; message: string }[] = [];
  const seen = new Set<string>();
  result.data.forEach((entry, index) => {
    if (seen.has(entry.key)) {
      problems.push({
        variable,
        message: `${describeEntry(json, [index, "key"])}repeats "${entry.key}": keys must be unique`,
      });
    }
    seen.add(entry.key);
  });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    deployments: result.data.map((entry) => ({
      key: entry.key,
      name: entry.name,
      kind: entry.kind,
      baseUrl: entry.baseUrl,
      clientId: entry.clientId,
      clientSecret: (entry.clientSecret ?? source[entry.clientSecretEnv!]!).trim(),
      timeoutMs: entry.timeoutMs ?? defaults.timeoutMs,
      getPerSecond: entry.getPerSecond ?? defaults.getPerSecond,
      postPerSecond: entry.postPerSecond ?? defaults.postPerSecond,
      analysts: entry.analysts ?? [],
      groups: entry.groups ?? [],
    })),
  };
}

function fail(variable: string, message: string): DeploymentsOutcome {
  return { ok: false, problems: [{ variable, message }] };
}

/** "[1] (globex) clientSecret " for an issue at [1, "clientSecret"]: the entry and the field. */
function describeEntry(json: unknown, path: readonly PropertyKey[]): string {
  const [index, ...field] = path;
  if (typeof index !== "number") return "";
  const entry = Array.isArray(json) ? (json[index] as unknown) : undefined;
  const key =
    typeof entry === "object" &&
    entry !== null &&
    typeof (entry as { key?: unknown }).key === "string"
      ? ` (${(entry as { key: string }).key})`
      : "";
  const name = field.map(String).join(".");
  return `entry [${index}]${key}${name ? ` field ${name}` : ""} `;
}
