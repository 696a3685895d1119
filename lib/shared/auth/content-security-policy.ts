// The Content-Security-Policy of the console's pages (set per request by proxy.ts with a fresh
// nonce; Next.js reads the nonce from the request's header and puts it on its own scripts).
// Edge-safe: no Node APIs, no env.

export interface CspOptions {
  nonce: string;
  /** `next dev` evaluates code (React's debugging aids) and injects styles without a nonce. */
  dev: boolean;
  /** Served over https: ask the browser to upgrade any http sub-resource. */
  https: boolean;
}

export function contentSecurityPolicy({ nonce, dev, https }: CspOptions): string {
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic': scripts loaded by a nonced script may run; nothing else may.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    // style="" attributes (set by React for computed widths and the like) carry no script.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** The nonce of a policy made by contentSecurityPolicy, for a page's own inline scripts. */
export function nonceOf(policy: string | null): string | undefined {
  return /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
}

/** A random nonce, base64 (Web Crypto: works in the proxy and in Node). */
export function createNonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export const HSTS_VALUE = "max-age=63072000; includeSubDomains";
