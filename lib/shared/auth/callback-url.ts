// Where to send an analyst after sign-in: only a path on this origin, never another site.
// Client-safe (the sign-in form uses it too); next-auth's redirect callback uses it on the server.

export const DEFAULT_CALLBACK_PATH = "/";

// Long enough for a detail link that remembers a list view with long filters, short enough for
// next-auth to keep it in its callback-url cookie (browsers drop cookies over 4096 bytes).
const MAX_LENGTH = 4000;
// A fixed base that no real request can have: a relative path that escapes it names another site.
const PROBE_ORIGIN = "https://callback.invalid";

/**
 * Returns `raw` as a same-origin path (path + query + hash), or DEFAULT_CALLBACK_PATH when it is
 * missing, too long, or could lead anywhere else (`//evil.com`, `/\evil.com`, `https://evil.com`,
 * `javascript:`, control characters, and their percent-encoded forms).
 * An absolute URL is accepted only when `origin` is given and it is exactly that origin.
 */
export function safeCallbackPath(raw: unknown, origin?: string): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) {
    return DEFAULT_CALLBACK_PATH;
  }
  let candidate = raw;
  if (!candidate.startsWith("/")) {
    // Only an absolute URL on our own origin may be turned into a path.
    if (!origin || !/^https?:\/\//i.test(candidate)) return DEFAULT_CALLBACK_PATH;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return DEFAULT_CALLBACK_PATH;
    }
    if (url.origin !== safeOrigin(origin) || url.username || url.password) {
      return DEFAULT_CALLBACK_PATH;
    }
    candidate = `${url.pathname}${url.search}${url.hash}`;
  }
  // Browsers drop tabs and newlines and read `\` as `/`, so `/\t/evil.com` means `//evil.com`.
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return DEFAULT_CALLBACK_PATH;
  if (looksLikeAuthority(candidate) || looksLikeAuthority(decodeRepeatedly(candidate))) {
    return DEFAULT_CALLBACK_PATH;
  }
  let resolved: URL;
  try {
    resolved = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return DEFAULT_CALLBACK_PATH;
  }
  if (resolved.origin !== PROBE_ORIGIN) return DEFAULT_CALLBACK_PATH;
  // Dot segments can turn `/../..//evil.com` into `//evil.com` after resolution.
  if (looksLikeAuthority(resolved.pathname)) return DEFAULT_CALLBACK_PATH;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/**
 * Where the sign-in page sends an analyst: safeCallbackPath, but never back to the sign-in page
 * itself (that would loop).
 */
export function afterSignInPath(raw: unknown): string {
  const path = safeCallbackPath(raw);
  return /^\/signin(?:[?#]|$)/.test(path) ? DEFAULT_CALLBACK_PATH : path;
}

/**
 * `//host`, `/\host`, `/<tab>/host` (any mix) is a protocol-relative URL, i.e. another site;
 * `scheme:` is another scheme.
 */
function looksLikeAuthority(path: string): boolean {
  return (
    /^[\s\u0000-\u001f]*[/\\][\t\n\r]*[/\\]/.test(path) || /^\s*[a-z][a-z0-9+.-]*:/i.test(path)
  );
}

/** Percent-decodes until stable (a few rounds), so `%2F%2F` and `%252F%252F` are seen as `//`. */
function decodeRepeatedly(value: string): string {
  let current = value;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

function safeOrigin(origin: string): string | undefined {
  try {
    return new URL(origin).origin;
  } catch {
    return undefined;
  }
}
