import { z } from "zod";

// The one error shape every route handler answers with:
//   {"error": {"code": "upstream_rate_limited", "message": "...", "param"?: "size"}}
// Safe to import from client components (no server-only code here).

export const ERROR_STATUS = {
  invalid_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal: 500,
  upstream_auth_failed: 502,
  upstream_forbidden: 502,
  upstream_unavailable: 502,
  upstream_invalid_response: 502,
  upstream_rate_limited: 503,
  upstream_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    param: z.string().optional(),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

// Next bundles a copy of this module per route, while the USM client lives once per process:
// `instanceof` checks a brand rather than the class, so an error thrown by one copy is known to all.
const BRAND = Symbol.for("alarm-console.ApiError");

export class ApiError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && BRAND in value;
  }

  readonly [BRAND] = true;
  override name = "ApiError";
  readonly code: ErrorCode;
  readonly param: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { param?: string; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.param = options.param;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        ...(this.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: this.retryAfterSeconds }
          : {}),
      },
    };
  }
}
