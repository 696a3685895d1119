import "server-only";

// The upstream's address must never reach a browser: not in a link, not in a log line of an
// event, not as an endpoint's host name. Applied to everything the reshape layer returns.

/** What stands where the upstream's host was, in text that is not a link. */
export const UPSTREAM_MARKER = "[USM]";

const ABSOLUTE_ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A pattern for the upstream's host as a whole token, in any case: with or without a scheme
 * (any scheme) and user info, with or without a port. "Whole" means not part of a longer name or
 * number: 127.0.0.1 does not match inside 127.0.0.10 or 10.127.0.0.1, tenant.example.com not
 * inside tenant.example.com.evil.net. A percent-escape counts as a boundary, so the host is found
 * in an encoded URL (https%3A%2F%2Ftenant...) too; a sentence's full stop after it does as well.
 */
function upstreamHostPattern(host: string): RegExp {
  const before = String.raw`(?<=^|[^\w.-]|%[0-9a-f]{2})`;
  const scheme = String.raw`(?:[a-z][a-z0-9+.-]*:\/\/(?:[^\s/?#@]*@)?)?`;
  const after = String.raw`(?=$|[^\w.-]|\.(?![\w-])|%[0-9a-f]{2})`;
  return new RegExp(`${before}${scheme}${host}(?::\\d{1,5})?${after}`, "gi");
}

type Scrubber = <T>(value: T) => T;

// One per deployment, built once: compiling its patterns for every page cost more than using them.
const scrubbers = new Map<string, Scrubber>();

/**
 * A deep copy function that takes the upstream's address out of every string: an `href` loses
 * its origin whatever the host (keeping path and query, like a link relative to the deployment),
 * and every string loses the upstream's host in any form, replaced by UPSTREAM_MARKER.
 */
export function upstreamHostScrubber(baseUrl: string): Scrubber {
  let scrubber = scrubbers.get(baseUrl);
  if (!scrubber) {
    scrubber = buildScrubber(baseUrl);
    scrubbers.set(baseUrl, scrubber);
  }
  return scrubber;
}

function buildScrubber(baseUrl: string): Scrubber {
  const host = escapeRegExp(new URL(baseUrl).hostname);
  // A plain search first: most strings do not mention the host, and it is ~10x cheaper.
  const mentioned = new RegExp(host, "i");
  const pattern = upstreamHostPattern(host);
  const visit = (node: unknown, key: string | undefined): unknown => {
    if (typeof node === "string") {
      const relative = key === "href" ? node.replace(ABSOLUTE_ORIGIN, "") : node;
      return mentioned.test(relative) ? relative.replace(pattern, UPSTREAM_MARKER) : relative;
    }
    if (Array.isArray(node)) return node.map((item) => visit(item, undefined));
    if (node && typeof node === "object") {
      return Object.fromEntries(
        Object.entries(node).map(([name, child]) => [name, visit(child, name)]),
      );
    }
    return node;
  };
  // The copy has the input's shape: only strings change, and they stay strings.
  return <T>(value: T) => visit(value, undefined) as T;
}
