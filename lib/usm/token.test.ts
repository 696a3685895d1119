import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_QUERY } from "@/lib/alarms/query";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { fetchAlarmPage } from "./alarms";
import { asTester, testClient } from "./test-client";
import { renewMargin } from "./token";

// Token renewal against the real simulator: it runs in the background, so a failing token
// endpoint costs analysts nothing until the held token really runs out.

const CREDS = { id: "renewal-client", secret: "renewal-secret-4f2a" };
const TTL_MS = 4_000; // renewal due after 2 s; the token is used until 0.2 s before expiry

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({
    port: 0,
    alarms: 500,
    clients: [CREDS],
    tokenTtlSeconds: TTL_MS / 1000,
  });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());
afterEach(() => vi.restoreAllMocks());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function uncachedClient() {
  return testClient(sim, CREDS, { timeoutMs: 10_000, cacheTtlMs: 0 });
}

/** A page per call, never the same twice in a row (no cache here anyway). */
let next = 0;
const page = (client: ReturnType<typeof uncachedClient>) =>
  fetchAlarmPage({ ...DEFAULT_QUERY, page: next++ % 25 }, asTester(client));

describe("background token renewal", () => {
  it("keeps using the held token while its renewal fails, until it really expires", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const client = uncachedClient();
    await page(client);
    const expiresAt = client.status().token.expiresAt ?? 0;
    const renewAt = expiresAt - renewMargin(TTL_MS);
    sim.setFaults({ failRate: 1, failStatus: 503, routes: ["token"] });

    // Calls until 1 s before expiry: a second inside the renewal period, and a second of slack
    // before the end for a busy machine. Every call must succeed (a failure throws here).
    let servedWhileDue = 0;
    while (Date.now() < expiresAt - 1_000) {
      const started = Date.now();
      await page(client);
      if (started >= renewAt) servedWhileDue++;
      await sleep(50);
    }
    expect(servedWhileDue).toBeGreaterThan(0);
    // Renewals were tried meanwhile, and failed.
    await vi.waitFor(() => expect(sim.stats().byRoute.token).toBeGreaterThan(1), {
      timeout: 10_000,
    });
    expect(sim.stats().tokensIssued).toBe(1);

    // Once the held token is out of use, calls need the token endpoint and fail with it.
    await sleep(Math.max(0, expiresAt - Date.now()));
    await expect(page(client)).rejects.toMatchObject({ code: "upstream_unavailable" });

    // The failed renewals were logged, without the upstream's address or a credential.
    const logged = warn.mock.calls.map((args) => args.join(" ")).join("\n");
    expect(logged).toMatch(/token renewal failed \(upstream_unavailable\)/);
    expect(logged).not.toContain(new URL(sim.url).host);
    expect(logged).not.toContain(CREDS.secret);
  });

  it("retries a failed renewal on a later call and adopts the new token", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const client = uncachedClient();
    await page(client);
    const firstExpiry = client.status().token.expiresAt;
    sim.setFaults({ failRate: 1, failStatus: 503, routes: ["token"] });
    // Until a renewal has been tried (the test's timeout caps a broken run).
    while (sim.stats().byRoute.token < 2) {
      await page(client);
      await sleep(50);
    }
    expect(sim.stats().tokensIssued).toBe(1);

    sim.setFaults({ failRate: 0 });
    while (client.status().token.expiresAt === firstExpiry) {
      await page(client);
      await sleep(50);
    }
    expect(sim.stats().tokensIssued).toBe(2);
    expect(client.status().token.expiresAt).toBeGreaterThan(firstExpiry ?? Infinity);
    await page(client); // with the new token
  });
});
