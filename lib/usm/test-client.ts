import { createUsmClient, type UsmClient, type UsmClientConfig } from "./client";

// For tests only: a client for a simulator at the upstream's documented limits (100 GET/s,
// 50 POST/s), with a short cache. Takes the simulator's URL, not the simulator: lib/ meets it
// over HTTP only.

export function testClient(
  upstream: { url: string },
  credentials: { id: string; secret: string },
  overrides: Partial<UsmClientConfig> = {},
): UsmClient {
  return createUsmClient({
    baseUrl: upstream.url,
    clientId: credentials.id,
    clientSecret: credentials.secret,
    timeoutMs: 5_000,
    cacheTtlMs: 3_000,
    getPerSecond: 100,
    postPerSecond: 50,
    ...overrides,
  });
}
