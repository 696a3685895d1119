import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DeploymentRegistry } from "@/lib/server/deployments/registry";
import { MemoryStore } from "@/lib/server/store/memory";
import { fetchAlarmPage } from "@/lib/server/usm";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { simulatedDeployment } from "@/test/deployment-config";
import { ManualClock } from "@/test/manual-clock";
import { testClient } from "@/test/usm-client";
import type { RunningSimulator } from "@/simulator";
import { CLIENT, startTestSimulator } from "@/simulator/test-support";
import { readTile } from "./tiles";

// A deployment that failed once and answers again: its tile keeps the last error and says when
// the deployment recovered (its first answer after the failure), so a timeout at start-up does
// not read as a failure still going on hours later. Against the real simulator; the client's
// clock is the test's.

let sim: RunningSimulator;

beforeAll(async () => {
  // Its tokens outlast the test clock's minutes (the client judges them by that clock).
  sim = await startTestSimulator({ alarms: 300, seed: 12, tokenTtlSeconds: 86_400 });
});
afterAll(() => sim.close());
afterEach(() => {
  sim.reset();
  vi.restoreAllMocks();
});

function deployment(clock: ManualClock) {
  const store = new MemoryStore({ now: clock.now });
  // No shared answers (a tile's own counts are shared for 30 s of real time).
  // Unlimited on our side: the budget would wait for a clock that only the test moves.
  const client = testClient(sim, CLIENT, {
    deployment: "acme",
    store,
    clock,
    cacheTtlMs: 0,
    getPerSecond: 0,
  });
  const config = simulatedDeployment("acme", sim, CLIENT);
  return new DeploymentRegistry([config], () => client).all()[0]!;
}

const call = (acme: ReturnType<typeof deployment>) => ({ analyst: "alice", client: acme.client() });
const tileCounts = (tile: Awaited<ReturnType<typeof readTile>>) => tile.counts?.open ?? null;

describe("a deployment's last error", () => {
  it("says when the deployment recovered, and only while it answers again", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const clock = new ManualClock();
    const acme = deployment(clock);
    const failedAt = clock.now();
    sim.setFaults({ failRate: 1, failStatus: 503, routes: ["alarms"] });
    const failing = await readTile(acme, "alice");
    expect(tileCounts(failing)).toBeNull();
    expect(failing.health.lastError).toMatchObject({ at: failedAt, recoveredAt: null });

    await clock.advance(60_000);
    sim.setFaults({ failRate: 0 });
    const recoveredAt = clock.now();
    const answering = await readTile(acme, "alice");
    expect(tileCounts(answering)).not.toBeNull();
    // The deployment's answers are noted as they come; the tile reads what they left.
    await vi.waitFor(async () =>
      expect((await acme.client().lastError())?.recoveredAt).toBe(recoveredAt),
    );

    // Later answers (the list's, here) leave the time it recovered as it was.
    await clock.advance(9 * 60_000);
    await fetchAlarmPage(DEFAULT_QUERY, call(acme));
    const later = await readTile(acme, "alice");
    expect(later.health.lastError).toMatchObject({ at: failedAt, recoveredAt });

    // A new failure is a failure again, until the next answer.
    sim.setFaults({ failRate: 1, failStatus: 503, routes: ["alarms"] });
    await expect(fetchAlarmPage(DEFAULT_QUERY, call(acme))).rejects.toThrow();
    await vi.waitFor(async () =>
      expect(await acme.client().lastError()).toMatchObject({
        at: clock.now(),
        recoveredAt: null,
      }),
    );
  });
});
