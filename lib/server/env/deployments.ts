// The deployments list of USM_DEPLOYMENTS or USM_DEPLOYMENTS_FILE, read at start-up; server-only.
import "server-only";
import { readFileSync } from "node:fs";
import { z } from "zod";
import type { DeploymentKind } from "@/lib/shared/deployments/types";
import type { VerdictLabels } from "@/lib/shared/triage/types";
import { describeEntry, entrySchema } from "./deployment-entry";
import { bothSet, type Parsed, type Problem, type Source } from "./rules";

// USM_DEPLOYMENTS holds a JSON array, USM_DEPLOYMENTS_FILE the path of a file holding one; usm.ts
// reads it once. A wrong entry stops start-up naming the entry and the field.

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
  /** The USM label each verdict writes back (issue 37); empty: nothing is written. */
  labels: VerdictLabels;
}

export interface DeploymentDefaults {
  timeoutMs: number;
  getPerSecond: number;
  postPerSecond: number;
}

export type DeploymentsOutcome = Parsed<DeploymentConfig[]>;

/**
 * The deployments of USM_DEPLOYMENTS or USM_DEPLOYMENTS_FILE, or null when neither is set (the
 * single-deployment variables then apply).
 */
export function parseDeployments(
  source: Source,
  defaults: DeploymentDefaults,
): DeploymentsOutcome | null {
  const inline = source.USM_DEPLOYMENTS?.trim();
  const file = source.USM_DEPLOYMENTS_FILE?.trim();
  if (!inline && !file) return null;
  if (inline && file) return fail("USM_DEPLOYMENTS", bothSet("USM_DEPLOYMENTS_FILE"));
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
  const problems: Problem[] = [];
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
    value: result.data.map((entry) => ({
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
      labels: Object.fromEntries(
        Object.entries(entry.labels ?? {}).filter(([, id]) => id !== undefined),
      ),
    })),
  };
}

function fail(variable: string, message: string): DeploymentsOutcome {
  return { ok: false, problems: [{ variable, message }] };
}
