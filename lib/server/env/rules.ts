// The rules the environment's variables share, each with its one wording; server-only.
import "server-only";
import { z } from "zod";

/** The variables as read: process.env, or a test's. */
export type Source = Record<string, string | undefined>;

/** What is wrong, and with which variable: one line of the start-up error. */
export interface Problem {
  variable: string;
  message: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

/** What `schema` makes of the variables, or a problem for each wrong one, named by it. */
export function readVariables<T extends z.ZodType>(schema: T, source: Source): Parsed<z.output<T>> {
  const result = schema.safeParse(source);
  if (result.success) return { ok: true, value: result.data };
  const problems = result.error.issues.map((issue) => ({
    variable: String(issue.path[0] ?? "environment"),
    message: issue.message,
  }));
  return { ok: false, problems };
}

/** The problems of a reading that failed; none of one that succeeded, or of none. */
export const problemsOf = (parsed: Parsed<unknown> | null): Problem[] =>
  parsed?.ok === false ? parsed.problems : [];

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** An empty or blank variable counts as unset. */
export const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** A variable `rule` reads; unset or blank: undefined. */
export const optionalVariable = <T extends z.ZodType>(rule: T) =>
  z.preprocess(emptyToUndefined, rule.optional());

export const optionalText = optionalVariable(z.string().trim().min(1));

/** Text; unset or blank: `fallback`. */
export const textOr = (fallback: string) =>
  z.preprocess(emptyToUndefined, z.string().default(fallback));

/** The one wording of a value that is missing; `hint` says what to give, or when. */
export const isRequired = (hint?: string) => (hint ? `is required ${hint}` : "is required");

/** The one wording of two settings that exclude each other, said of the first. */
export const bothSet = (other: string) => `and ${other} are both set: keep one`;

/** zod's error option: "is required" (with `hint`) when the value is absent, else `wrong`. */
export const requiredOr = (wrong: string, hint?: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? isRequired(hint) : wrong),
});

/** Each of `names` that `values` lacks is required `when` (e.g. "when single sign-on is ..."). */
export function requireEach<K extends string>(
  ctx: z.RefinementCtx,
  values: Partial<Record<K, unknown>>,
  names: readonly K[],
  when: string,
): void {
  for (const name of names) {
    if (!values[name]) ctx.addIssue({ code: "custom", path: [name], message: isRequired(when) });
  }
}

/** One of `values`, said as `must be "anywhere" or "central"`. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  const quoted = values.map((value) => `"${value}"`);
  const wrong = `must be ${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
  return z.enum(values, requiredOr(wrong));
}

/** Which numbers a rule takes: `min` and `max` included; `hint` says more, in brackets. */
interface Range {
  min: number;
  max?: number;
  hint?: string;
}

/** The one wording of every number rule: "must be a whole number from 10 to 1000". */
function rangeMessage(kind: string, { min, max, hint }: Range): string {
  const range = max === undefined ? `, ${min} or more` : ` from ${min} to ${max}`;
  return `must be ${kind}${range}${hint ? ` (${hint})` : ""}`;
}

/** A whole number in a range: wrong in any way, it gets the one message. */
export function wholeNumber(range: Range): z.ZodNumber {
  const error = rangeMessage("a whole number", range);
  const rule = z.number({ error }).int({ error }).min(range.min, { error });
  return range.max === undefined ? rule : rule.max(range.max, { error });
}

/** A number, fractions allowed, from `min` to `max`. */
export function decimalNumber(range: Range & { max: number }): z.ZodNumber {
  const error = rangeMessage("a number", range);
  return z.number({ error }).min(range.min, { error }).max(range.max, { error });
}

/** A variable holding a number that `rule` takes; unset or blank: `fallback`. */
export const numberVariable = (rule: z.ZodNumber, fallback: number) =>
  z.preprocess((value) => {
    const set = emptyToUndefined(value);
    return typeof set === "string" ? Number(set) : set;
  }, rule.default(fallback));

/** Comma-separated items, blanks dropped; unset: none. */
export const commaList = optionalVariable(z.string()).transform((value) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);

/** A URL such as `example`; `check` (a test and its message) is what else it must meet. */
export function url(example: string, check?: { test: (url: URL) => boolean; message: string }) {
  const rule = z.url(requiredOr(`must be a URL such as ${example}`));
  // zod runs a refinement even when the URL check failed: a non-URL is that check's to report.
  return check
    ? rule.refine((value) => !URL.canParse(value) || check.test(new URL(value)), check.message)
    : rule;
}

/** An origin: https, or http on a loopback host (the embedded simulator, tests). */
export const origin = url("https://tenant.alienvault.cloud", {
  test: ({ protocol, hostname }) =>
    protocol === "https:" || (protocol === "http:" && isLoopbackHost(hostname)),
  message: "must use https:// (plain http:// is allowed only for loopback hosts)",
}).transform((value) => new URL(value).origin);

/** A duration: seconds, or a number with a unit (`90s`, `30m`, `12h`, `7d`); in milliseconds. */
export const duration = (fallbackMs: number, minMs: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?\s*(s|m|h|d)?$/i, {
        message: "must be a duration such as 3600, 90m, 12h or 7d",
      })
      .transform((value) => {
        const match = /^(\d+(?:\.\d+)?)\s*([smhd])?$/i.exec(value)!;
        const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[
          (match[2] ?? "s").toLowerCase() as "s" | "m" | "h" | "d"
        ];
        return Math.round(Number(match[1]) * unit);
      })
      .refine((ms) => ms >= minMs, { message: `must be at least ${minMs / 1000} seconds` })
      .optional()
      .transform((ms) => ms ?? fallbackMs),
  );
