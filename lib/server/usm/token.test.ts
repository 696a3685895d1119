import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { MemoryStore } from "@/lib/server/store/memory";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { ManualClock } from "@/test/manual-clock";
import { fetchAlarmPage } from "./alarms";
import { asTester, testClient } from "@/test/usm-client";
import { expiryMargin, renewMargin } from "./token";

// Token renewal against the real simulator: it runs in the background, so a failing token
// endpoint costs analysts nothing until the held token really runs out. The console's clock is
// a manual one, moved through the token's lifetime in steps; the simulator keeps real time, in
// which its tokens (the real lifetime, 15 minutes) never expire during a test. So the schedule
// asserted is the console's own, to the millisecond, and no test waits for it.

const CREDS = { id: "renewal-client", secret: "renewal-secret-4f2a" };
const TTL_MS = 899_000; // renewal due 5 minutes before expiry; the token is used until 5 s before

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

/** A client whose token, budget and store all run on `clock`. */
function clientOn(clock: ManualClock) {
  return testClient(sim, CREDS, {
    timeoutMs: 10_000,
    cacheTtlMs: 0,
    clock,
    store: new MemoryStore({ now: clock.now }),
  });
}

/** A page per call, never the same twice in a row (no cache here anyway). */
let next = 0;
const page = (client: ReturnType<typeof clientOn>) =>
  fetchAlarmPage({ ...DEFAULT_QUERY, page: next++ % 25 }, asTester(client));

/** Waits (in real time: it is the simulator's answer) until `check` passes. */
const eventually = (check: () => void) => vi.waitFor(check, { interval: 2, timeout: 5_000 });

/** Moves `clock` to the instant `at`. */
const moveTo = (clock: ManualClock, at: number) => clock.advance(at - clock.now());

describe("background token renewal", () => {
  it("keeps using the held token while its renewal fails, until it really expires", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const clock = new ManualClock();
    const client = clientOn(clock);
    await page(client);
    const expiresAt = client.status().token.expiresAt ?? 0;
    const renewAt = expiresAt - renewMargin(TTL_MS);
    const usableUntil = expiresAt - expiryMargin(TTL_MS);
    sim.setFaults({ failRate: 1, failStatus: 503, routes: ["token"] });

    // Through the renewal period, a call every 30 s: each is served with the held token (a
    // failure throws here) and tries a renewal in the background, which fails and is logged.
    let renewals = 0;
    for (let at = renewAt; at < usableUntil; at += 30_000) {
      await moveTo(clock, at);
      await page(client);
      renewals++;
      await eventually(() => expect(warn).toHaveBeenCalledTimes(renewals));
    }
    expect(sim.stats().byRoute.token).toBe(1 + renewals);
    expect(sim.stats().tokensIssued).toBe(1);

    // The last millisecond the held token is used...
    await moveTo(clock, usableUntil - 1);
    await page(client);
    await eventually(() => expect(warn).toHaveBeenCalledTimes(renewals + 1));
    expect(client.status().token.valid).toBe(true);
    // ...and the first it is not: calls need the token endpoint and fail with it.
    await clock.advance(1);
    expect(client.status().token.valid).toBe(false);
    await expect(page(client)).rejects.toMatchObject({ code: "upstream_unavailable" });

    // The failed renewals were logged, without the upstream's address or a credential.
    const logged = warn.mock.calls.map((args) => args.join(" ")).join("\n");
    expect(logged).toMatch(/token renewal failed \(upstream_unavailable\)/);
    expect(logged).not.toContain(new URL(sim.url).host);
    expect(logged).not.toContain(CREDS.secret);
  });

  it("retries a failed renewal on a later call and adopts the new token", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const clock = new ManualClock();
    const client = clientOn(clock);
    await page(client);
    const firstExpiry = client.status().token.expiresAt ?? 0;
    sim.setFaults({ failRate: 1, failStatus: 503, routes: ["token"] });
    await moveTo(clock, firstExpiry - renewMargin(TTL_MS));
    await page(client); // served, and its renewal fails
    await eventually(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(sim.stats().tokensIssued).toBe(1);

    sim.setFaults({ failRate: 0 });
    await clock.advance(1_000); // the pause after a failed renewal (1 s at this lifetime)
    await page(client); // tries again, in the background
    await eventually(() => expect(client.status().token.expiresAt).not.toBe(firstExpiry));
    expect(sim.stats().tokensIssued).toBe(2);
    // A whole lifetime from when it was asked for: the clock has not moved since.
    expect(client.status().token.expiresAt).toBe(clock.now() + TTL_MS);
    await page(client); // with the new token
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
