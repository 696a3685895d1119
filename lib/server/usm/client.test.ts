import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { ApiError } from "@/lib/shared/core/errors";
import { MemoryStore } from "@/lib/server/store/memory";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { ManualClock } from "@/test/manual-clock";
import { fetchAlarmPage } from "./alarms";
import type { UsmClient, UsmClientConfig } from "./client";
import { asTester, testClient } from "@/test/usm-client";

// The client against the real simulator over HTTP: tokens, rate budget, coalescing, cache.

const CREDS = { id: "test-client", secret: "test-secret-0c7e" };

// Timeouts and queue waits are generous: a busy machine answers and drains the queue more
// slowly, and what these tests measure is what reaches the upstream, not how fast.
function clientFor(sim: RunningSimulator, overrides: Partial<UsmClientConfig> = {}) {
  return testClient(sim, CREDS, { timeoutMs: 60_000, maxQueueWaitMs: 60_000, ...overrides });
}

/** Ten analysts taking turns: more than any one analyst's share of the budget may ask. */
const team = (client: UsmClient, n: number) => asTester(client, `analyst-${n % 10}`);

const pageQuery = (page: number, size: AlarmListQuery["size"] = 10): AlarmListQuery => ({
  ...DEFAULT_QUERY,
  page,
  size,
});

describe("tokens", () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, alarms: 2000, clients: [CREDS] });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it("spends exactly one token request on 100 concurrent cold-start requests", async () => {
    const client = clientFor(sim);
    const pages = await Promise.all(
      Array.from({ length: 100 }, (_, page) => fetchAlarmPage(pageQuery(page), team(client, page))),
    );
    expect(pages.map((p) => p.page.number)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(sim.stats().byRoute.token).toBe(1);
    expect(sim.stats().byRoute.alarms).toBe(100);
  });

  it("renews a token that expires mid-run without failing a request", async () => {
    // Tokens live 2 s here, on a clock the simulator and the client share and the test moves:
    // requests every 100 ms of it until the client holds a second token, none failing on the way.
    const clock = new ManualClock();
    const shortLived = await startSimulator({
      port: 0,
      alarms: 500,
      clients: [CREDS],
      tokenTtlSeconds: 2,
      now: clock.now,
    });
    try {
      const client = clientFor(shortLived, {
        cacheTtlMs: 0,
        clock,
        store: new MemoryStore({ now: clock.now }),
      });
      await fetchAlarmPage(pageQuery(0), asTester(client));
      const firstExpiry = client.status().token.expiresAt ?? 0;
      let round = 0;
      // The cap only ends a broken run: renewal is due at half the lifetime (10 rounds).
      for (; round < 30 && client.status().token.expiresAt === firstExpiry; round++) {
        const asked = [0, 1, 2].map((k) => (round * 3 + k) % 50);
        const pages = await Promise.all(
          asked.map((n) => fetchAlarmPage(pageQuery(n), asTester(client))),
        );
        // Each caller got the page it asked for, rows included.
        expect(pages.map((p) => p.page.number)).toEqual(asked);
        expect(pages.every((p) => p.alarms.length === 10)).toBe(true);
        await clock.advance(100);
      }
      expect(client.status().token.expiresAt).toBeGreaterThan(firstExpiry);
      expect(shortLived.stats().tokensIssued).toBe(2);
      // Past the first token's end in the simulator, the new token serves.
      await clock.advance(firstExpiry + 1 - clock.now());
      await fetchAlarmPage(pageQuery(round % 50), asTester(client));
      expect(shortLived.stats().byStatus["401"]).toBeUndefined(); // never sent an expired one
    } finally {
      await shortLived.close();
    }
  });

  it("recovers from revoked tokens transparently, with one new token for all callers", async () => {
    const client = clientFor(sim, { cacheTtlMs: 0 });
    await fetchAlarmPage(pageQuery(0), asTester(client));
    sim.revokeTokens();
    const pages = await Promise.all(
      Array.from({ length: 20 }, (_, page) => fetchAlarmPage(pageQuery(page), asTester(client))),
    );
    // Every caller got its own page, as if nothing had happened.
    expect(pages.map((p) => p.page.number)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(new Set(pages.map((p) => p.alarms[0]?.uuid)).size).toBe(20);
    const stats = sim.stats();
    expect(stats.byRoute.token).toBe(2);
    expect(stats.byStatus["401"]).toBeGreaterThan(0);
  });
});

describe("rate budget, coalescing and cache", () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    // The simulator enforces the real limits: 100 GET/s and 50 POST/s per client.
    sim = await startSimulator({ port: 0, alarms: 5000, clients: [CREDS] });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  // These run in real time, as the simulator's limiter does: the numbers are the least that
  // still make the point (a burst of three seconds' worth; more calls than the limit allows in
  // the token's delay), since every call past the first hundred costs about 12 ms of waiting.
  it("completes a burst of 250 distinct page requests without one upstream 429", async () => {
    const client = clientFor(sim);
    const pages = await Promise.all(
      Array.from({ length: 250 }, (_, page) => fetchAlarmPage(pageQuery(page), team(client, page))),
    );
    expect(new Set(pages.map((p) => p.alarms[0]?.uuid)).size).toBe(250);
    const stats = sim.stats();
    expect(stats.rateLimited).toBe(0);
    expect(stats.byStatus["429"]).toBeUndefined();
    expect(stats.byRoute.alarms).toBe(250);
  }, 90_000);

  it("stays under the limit when the token is slow to come", async () => {
    // Calls that wait for the token must not hold rate slots meanwhile: slots granted during the
    // 1.5 s wait (about 130) would all be spent in one burst when the token arrives.
    sim.setFaults({ latencyMs: 1_500, routes: ["token"] });
    const client = clientFor(sim);
    const pages = await Promise.all(
      Array.from({ length: 160 }, (_, page) => fetchAlarmPage(pageQuery(page), team(client, page))),
    );
    expect(new Set(pages.map((p) => p.alarms[0]?.uuid)).size).toBe(160);
    const stats = sim.stats();
    expect(stats.rateLimited).toBe(0);
    expect(stats.byRoute).toEqual({ token: 1, alarms: 160, alarm: 0, labels: 0 });
  }, 90_000);

  it("answers 100 concurrent identical requests with one upstream call", async () => {
    const client = clientFor(sim);
    const pages = await Promise.all(
      Array.from({ length: 100 }, () => fetchAlarmPage(pageQuery(3, 50), asTester(client))),
    );
    expect(new Set(pages.map((p) => p.alarms.map((a) => a.uuid).join())).size).toBe(1);
    // All 100 ask in the same tick: the first starts the flight, the other 99 join it.
    expect(sim.stats().byRoute).toEqual({ token: 1, alarms: 1, alarm: 0, labels: 0 });
  });

  it("serves a repeat from the cache within its TTL", async () => {
    const client = clientFor(sim, { cacheTtlMs: 60_000 });
    const first = await fetchAlarmPage(pageQuery(1), asTester(client));
    const second = await fetchAlarmPage(pageQuery(1), asTester(client));
    expect(second).toEqual(first);
    expect(sim.stats().byRoute.alarms).toBe(1);
    // A different view is a different entry.
    await fetchAlarmPage({ ...pageQuery(1), filters: { status: ["open"] } }, asTester(client));
    expect(sim.stats().byRoute.alarms).toBe(2);
  });

  it("does not cache at all with a TTL of 0", async () => {
    const client = clientFor(sim, { cacheTtlMs: 0 });
    await fetchAlarmPage(pageQuery(1), asTester(client));
    await fetchAlarmPage(pageQuery(1), asTester(client));
    expect(sim.stats().byRoute.alarms).toBe(2);
  });

  it("never caches an error: the next request tries again", async () => {
    const client = clientFor(sim, { cacheTtlMs: 60_000 });
    sim.setFaults({ failRate: 1, failStatus: 500, routes: ["alarms"] });
    await expect(fetchAlarmPage(pageQuery(2), asTester(client))).rejects.toBeInstanceOf(ApiError);
    sim.setFaults({ failRate: 0 });
    const page = await fetchAlarmPage(pageQuery(2), asTester(client));
    expect(page.alarms).toHaveLength(10);
    expect(sim.stats().byRoute.alarms).toBe(2);
  });
});
