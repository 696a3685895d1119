import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { ApiError } from "@/lib/shared/core/errors";
import { consolePrefix } from "@/lib/server/store";
import { RedisStore } from "@/lib/server/store/redis";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { redisTestsEnabled, startRedisServer, type RedisServer } from "@/test/redis-server";
import { fetchAlarmPage } from "./alarms";
import type { UsmClient } from "./client";
import { asTester, testClient } from "@/test/usm-client";

// Three clients of one deployment, each with its own connection to one real Redis, as three
// replicas would be, against the real simulator (which enforces 100 GET/s, 50 POST/s).

const CREDS = { id: "replica-client", secret: "replica-secret-8e1f" };

let redis: RedisServer;
let sim: RunningSimulator;
const stores: RedisStore[] = [];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 5000, clients: [CREDS] });
  if (redisTestsEnabled()) redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await redis?.close();
  await sim.close();
});
beforeEach(() => sim.reset());

/** `n` replicas of one deployment sharing one Redis under a fresh prefix. */
function replicas(n: number, prefix = `r${Math.random()}:`): UsmClient[] {
  return Array.from({ length: n }, () => {
    const store = new RedisStore({ url: redis.url, prefix });
    stores.push(store);
    return testClient(sim, CREDS, {
      store,
      deployment: "default",
      timeoutMs: 60_000,
      maxQueueWaitMs: 60_000,
      cacheTtlMs: 0,
    });
  });
}

const page = (n: number) => ({ ...DEFAULT_QUERY, page: n % 250, size: 10 as const });

describe.runIf(redisTestsEnabled())("replicas sharing one Redis", () => {
  it("spend one token and one budget: no upstream 429, no upstream second above 100", async () => {
    sim.setFaults({ latencyMs: 50 });
    const clients = replicas(3);
    // Redis keeps real time, so this takes real seconds: calls enough to need two seconds of one
    // shared budget, which three budgets of their own would send within one.
    const calls = 200;
    const pages = await Promise.all(
      Array.from({ length: calls }, (_, n) =>
        fetchAlarmPage(page(n), asTester(clients[n % 3]!, `analyst-${n % 10}`)),
      ),
    );
    expect(pages.map((p) => p.page.number)).toEqual(
      Array.from({ length: calls }, (_, n) => page(n).page),
    );
    const stats = sim.stats();
    expect(stats.tokensIssued).toBe(1);
    expect(stats.rateLimited).toBe(0);
    expect(stats.byRoute.alarms).toBe(calls);
    expect(stats.busiestSecond.get).toBeLessThanOrEqual(100);
    expect(Math.max(...stats.perSecond.map((second) => second.get))).toBeLessThanOrEqual(100);
  }, 60_000);

  it("renew a refused token once for all of them", async () => {
    const clients = replicas(3);
    await Promise.all(clients.map((client, n) => fetchAlarmPage(page(n), asTester(client))));
    sim.revokeTokens();
    await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        fetchAlarmPage(page(n + 3), asTester(clients[n % 3]!, `analyst-${n % 5}`)),
      ),
    );
    expect(sim.stats().tokensIssued).toBe(2);
  });

  it("keep two consoles on one Redis apart, and a reconfigured upstream from its old reads", async () => {
    const other = await startSimulator({ port: 0, alarms: 7, clients: [CREDS] });
    try {
      const consoleOf = (secret: string, upstream: { url: string }) => {
        const store = new RedisStore({ url: redis.url, prefix: consolePrefix(secret) });
        stores.push(store);
        return testClient(upstream, CREDS, { store, deployment: "default", cacheTtlMs: 60_000 });
      };
      const a = consoleOf("secret-of-console-a-0123456789", sim);
      const b = consoleOf("secret-of-console-b-0123456789", other);
      const same = consoleOf("secret-of-console-a-0123456789", other); // A, pointed elsewhere
      const total = async (client: UsmClient) =>
        (await fetchAlarmPage(page(0), asTester(client))).page.totalElements;
      expect(await total(a)).toBe(5000);
      expect(await total(b)).toBe(7);
      expect(await total(same)).toBe(7);
      expect(await total(a)).toBe(5000);
    } finally {
      await other.close();
    }
  });

  it("fail closed while Redis is down, without a call upstream, and recover by themselves", async () => {
    const [client] = replicas(1);
    await fetchAlarmPage(page(0), asTester(client!));
    const before = sim.stats().byRoute;
    await redis.stop();
    try {
      const failure = await fetchAlarmPage(page(1), asTester(client!)).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ code: "store_unavailable", status: 503 });
      expect((failure as ApiError).retryAfterSeconds).toBeGreaterThan(0);
      expect(sim.stats().byRoute).toEqual(before);
    } finally {
      await redis.start();
    }
    // The same client, no restart: it reconnects; the token it holds still serves.
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        await fetchAlarmPage(page(2), asTester(client!));
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(sim.stats().tokensIssued).toBe(1);
  }, 60_000);
});
