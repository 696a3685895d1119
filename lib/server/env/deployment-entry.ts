// One entry of the deployments list, and how a problem names its entry and field; server-only.
import "server-only";
import { z } from "zod";
import { RESERVED_SEGMENT, isDeploymentKey } from "@/lib/shared/deployments/scope";
import { DEPLOYMENT_KEY, DEPLOYMENT_KINDS } from "@/lib/shared/deployments/types";
import { VERDICTS, type Verdict } from "@/lib/shared/triage/types";
import { bothSet, isRequired, oneOf, origin, requiredOr, wholeNumber, type Source } from "./rules";

const nonEmpty = z.string(requiredOr("must be text")).trim().min(1, "must not be empty");
/** A USM label's id, as operators read it off USM's own console. */
const labelId = z
  .string(requiredOr("must be a USM label id (a uuid)"))
  .trim()
  .toLowerCase()
  .pipe(z.uuid({ message: "must be a USM label id (a uuid)" }));

/** The USM label each verdict puts on an alarm; a verdict left out writes none. */
const verdictLabels = z.strictObject(
  Object.fromEntries(VERDICTS.map((verdict) => [verdict, labelId.optional()])) as Record<
    Verdict,
    z.ZodOptional<typeof labelId>
  >,
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `may name only the verdicts ${VERDICTS.join(", ")} (not ${issue.keys.join(", ")})`
        : "must be an object of verdicts and USM label ids",
  },
);

const SLUG = "must be a URL slug: lower-case letters, digits and dashes (e.g. acme-eu)";

/**
 * The console's own settings: a deployment's secret may not be read from them (a configured
 * baseUrl would then receive the session-signing secret or the Redis password).
 */
const CONSOLE_VARIABLE = /^(NEXTAUTH_|AUTH_|REDIS_|DEMO_|NEXT_|USM_DEPLOYMENTS)/;

/** An entry; `source` holds the variable a clientSecretEnv names. */
export function entrySchema(source: Source) {
  return z
    .strictObject(
      {
        key: z
          .string(requiredOr(SLUG))
          .regex(DEPLOYMENT_KEY, SLUG)
          .refine(isDeploymentKey, {
            message: `must not be "${RESERVED_SEGMENT}" (the path of every deployment's alarms)`,
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
        labels: verdictLabels.optional(),
      },
      { message: "must be an object" },
    )
    .superRefine((entry, ctx) => {
      const problem = secretProblem(entry, source);
      if (problem) ctx.addIssue({ code: "custom", path: [problem.field], ...problem });
    });
}

/** What is wrong with where an entry's secret comes from: exactly one of the two fields. */
function secretProblem(
  { clientSecret, clientSecretEnv: variable }: { clientSecret?: string; clientSecretEnv?: string },
  source: Source,
): { field: string; message: string } | undefined {
  if (clientSecret && variable)
    return { field: "clientSecret", message: bothSet("clientSecretEnv") };
  if (!clientSecret && !variable) {
    const message = isRequired("(or clientSecretEnv: the variable that holds it)");
    return { field: "clientSecret", message };
  }
  if (variable && CONSOLE_VARIABLE.test(variable)) {
    const message = `names ${variable}, one of the console's own variables: give the secret a variable of its own`;
    return { field: "clientSecretEnv", message };
  }
  if (variable && !source[variable]?.trim()) {
    return { field: "clientSecretEnv", message: `names ${variable}, which is not set` };
  }
  return undefined;
}

/** "entry [1] (globex) field clientSecret " for an issue at [1, "clientSecret"]. */
export function describeEntry(json: unknown, path: readonly PropertyKey[]): string {
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
