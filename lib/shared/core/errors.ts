// The one error shape every route handler answers with:
//   {"error": {"code": "upstream_rate_limited", "message": "...", "param"?: "size"}}
// (a search that cannot be read also says where: "position", a 0-based offset into `q`)
// Safe to import from client components (no server-only code here), and free of zod: the
// browser reads error bodies, and zod would weigh on every page's first load (see
// lib/shared/alarms/query.ts).

export const ERROR_STATUS = {
  invalid_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** A write that another analyst's write got to first (taking an alarm someone has). */
  conflict: 409,
  rate_limited: 429,
  internal: 500,
  upstream_auth_failed: 502,
  upstream_forbidden: 502,
  upstream_unavailable: 502,
  upstream_invalid_response: 502,
  upstream_rate_limited: 503,
  upstream_timeout: 504,
  /** The console's shared store (Redis) does not answer: nothing that needs it proceeds. */
  store_unavailable: 503,
  /** GET /api/health/ready: this replica cannot serve analysts right now. */
  not_ready: 503,
  /** The console's index (search, pivots) cannot answer here: the message says why. */
  index_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    param?: string;
    /** Where in the parameter's value the problem is (0-based, UTF-16 units): a search's. */
    position?: number;
    retryAfterSeconds?: number;
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A body in our error shape, or null for anything else. Strict as a schema would be: a known
 * code, a string message, and param / retryAfterSeconds (a whole number >= 0) only as their
 * types; other keys are dropped.
 */
export function parseErrorBody(body: unknown): ErrorBody | null {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error)) return null;
  const { code, message, param, position, retryAfterSeconds: retry } = error;
  if (typeof code !== "string" || !Object.hasOwn(ERROR_STATUS, code)) return null;
  if (typeof message !== "string") return null;
  if (param !== undefined && typeof param !== "string") return null;
  if (position !== undefined && !(Number.isSafeInteger(position) && (position as number) >= 0)) {
    return null;
  }
  if (retry !== undefined && !(Number.isSafeInteger(retry) && (retry as number) >= 0)) return null;
  return {
    error: {
      code: code as ErrorCode,
      message,
      ...(param !== undefined ? { param } : {}),
      ...(position !== undefined ? { position: position as number } : {}),
      ...(retry !== undefined ? { retryAfterSeconds: retry as number } : {}),
    },
  };
}

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
  readonly position: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      param?: string;
      position?: number;
      retryAfterSeconds?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.param = options.param;
    this.position = options.position;
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
        ...(this.position !== undefined ? { position: this.position } : {}),
        ...(this.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: this.retryAfterSeconds }
          : {}),
      },
    };
  }
}

/** What went wrong on our side, as a caller is told it: never a word of what it was. */
export const internalError = () => new ApiError("internal", "Something went wrong on our side.");

/**
 * The one coercion of anything thrown into our shape: an ApiError as it is, anything else 500
 * internal with no message of its own (it may quote an upstream URL or a token).
 */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : internalError();
}

/** A request's problem, as the parsers of our URLs and bodies name it. */
export interface RequestProblem {
  /** The parameter (or body field) at fault; none for the request as a whole. */
  param?: string;
  message: string;
}

/** The one 400 of a request's problems: every one said, the first one's parameter named. */
export function invalidRequest(problems: readonly RequestProblem[]): ApiError {
  const first = problems[0];
  return new ApiError(
    "invalid_request",
    problems.map((p) => p.message).join("; ") || "The request is not valid.",
    first?.param ? { param: first.param } : {},
  );
}
