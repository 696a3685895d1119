import { ApiError, parseErrorBody } from "@/lib/shared/core/errors";

// The browser's one HTTP client for the console's own /api routes: every read (the query
// functions) and every write (the mutations) goes through here, so an answer is read one way
// everywhere: our data, or an ApiError carrying our one error shape (lib/shared/core/errors.ts).
// What a failure then does is decided once, elsewhere: retries in ./retry.ts (set in the query
// client), "sign in again" in ./query-client.ts. Client-safe.
//
// Success bodies are not parsed again here: the route handlers send only what passed the strict
// schemas on the server (lib/server/usm/alarms.ts parses every page and alarm before it is
// cached), and re-checking would ship zod and those schemas in every analyst's first load. What
// can still arrive, and is refused, is an answer that is not our JSON at all (say a proxy's page).

export type WriteMethod = "POST" | "PUT" | "PATCH" | "DELETE";

const UNREACHABLE = "Could not reach the Alarm Console server.";

/**
 * Reads `url` (same origin). `fresh`: past every shared cache (the live queue's Show must see
 * what was just announced).
 */
export function getJson<T extends object>(
  url: string,
  { signal, fresh = false }: { signal?: AbortSignal; fresh?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (fresh) headers["Cache-Control"] = "no-cache";
  return request<T>(url, { method: "GET", headers, signal });
}

/** Sends a write to `url` (same origin), `body` as JSON; resolves with the route's answer. */
export function sendJson<T extends object>(
  method: WriteMethod,
  url: string,
  { body, signal }: { body?: object; signal?: AbortSignal } = {},
): Promise<T> {
  const headers = { Accept: "application/json", "Content-Type": "application/json" };
  return request<T>(url, {
    method,
    headers,
    signal,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

/**
 * Posts a form to `url` (same origin): next-auth's own endpoints (sign-out with its CSRF token)
 * read forms, not JSON; their answers and failures are read as ours are.
 */
export function sendForm<T extends object>(
  url: string,
  fields: Record<string, string>,
): Promise<T> {
  const headers = {
    Accept: "application/json",
    "Content-Type": "application/x-www-form-urlencoded",
  };
  return request<T>(url, { method: "POST", headers, body: new URLSearchParams(fields) });
}

async function request<T extends object>(url: string, init: RequestInit): Promise<T> {
  const { signal } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: "same-origin" });
  } catch (error) {
    // Aborted (the query was cancelled, the dialog closed): the caller's own doing, not a failure.
    if (signal?.aborted) throw error;
    throw new ApiError("internal", UNREACHABLE, { cause: error });
  }
  const body: unknown = await response.json().catch(() => undefined);
  signal?.throwIfAborted(); // aborted while the body was read: as above
  if (!response.ok) throw toApiError(response, body);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError("internal", "The Alarm Console server sent an answer we cannot read.");
  }
  return body as T; // checked by the server, see above
}

/**
 * An answer that was not ok, as the ApiError its body says; a body not in our shape (a proxy's
 * HTML 502, say) as its status says. A Retry-After header counts when the body names none.
 */
function toApiError(response: Response, body: unknown): ApiError {
  const parsed = parseErrorBody(body);
  const header = Number(response.headers.get("Retry-After"));
  const headerSeconds =
    response.headers.has("Retry-After") && Number.isFinite(header) && header >= 0
      ? Math.ceil(header)
      : undefined;
  if (parsed) {
    const { code, message, param, position, retryAfterSeconds } = parsed.error;
    return new ApiError(code, message, {
      param,
      position,
      retryAfterSeconds: retryAfterSeconds ?? headerSeconds,
    });
  }
  if (response.status === 401) return new ApiError("unauthenticated", "Sign in again.");
  if (response.status === 404) return new ApiError("not_found", "Not found.");
  return new ApiError(
    "internal",
    `The Alarm Console server answered ${response.status} ${response.statusText}`.trim() + ".",
    { retryAfterSeconds: headerSeconds },
  );
}
