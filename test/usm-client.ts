import { MemoryStore } from "@/lib/server/store/memory";
import { createUsmClient, type UsmClient, type UsmClientConfig } from "../lib/server/usm/client";

// For tests only: a client for a simulator at the upstream's documented limits (100 GET/s,
// 50 POST/s), with a short cache and a store of its own (unless given one). Takes the
// simulator's URL, not the simulator: lib/ meets it over HTTP only.

export function testClient(
  upstream: { url: string },
  credentials: { id: string; secret: string },
  overrides: Partial<UsmClientConfig> = {},
): UsmClient {
  return createUsmClient({
    deployment: "test",
    baseUrl: upstream.url,
    clientId: credentials.id,
    clientSecret: credentials.secret,
    timeoutMs: 5_000,
    cacheTtlMs: 3_000,
    getPerSecond: 100,
    postPerSecond: 50,
    store: new MemoryStore(),
    ...overrides,
  });
}

/** The call context of a test: the client, on behalf of one analyst. */
export const asTester = (client: UsmClient, analyst = "tester") => ({ client, analyst });
