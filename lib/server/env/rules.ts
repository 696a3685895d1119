import "server-only";
import { z } from "zod";

// The rules the environment's variables share, each written once; server-only.

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** An empty or blank variable counts as unset. */
export const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

export const optionalText = z.preprocess(emptyToUndefined, z.string().trim().min(1).optional());

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

export const commaList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    ),
);

/** An origin: https, or http on a loopback host (the embedded simulator, tests). */
export const origin = z
  .url({ message: "must be a URL such as https://tenant.alienvault.cloud" })
  .refine(
    (value) => {
      // zod runs this even when the URL check failed: a non-URL is that check's to report.
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return (
        url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname))
      );
    },
    { message: "must use https:// (plain http:// is allowed only for loopback hosts)" },
  )
  .transform((value) => new URL(value).origin);

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

/** redis:// or rediss:// (TLS), with optional user, password and database number. */
export const redisUrl = z.preprocess(
  emptyToUndefined,
  z
    .url({ message: "must be a URL such as redis://redis.internal:6379" })
    .refine((value) => !URL.canParse(value) || /^rediss?:$/.test(new URL(value).protocol), {
      message: "must start with redis:// (or rediss:// for TLS)",
    })
    .optional(),
);
