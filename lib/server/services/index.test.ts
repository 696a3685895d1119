import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { liveViewId, parseLiveViewId } from "@/lib/shared/live/view-id";
import { DeploymentRegistry } from "@/lib/server/deployments/registry";
import { MemoryStore } from "@/lib/server/store/memory";
import { simulatedDeployment } from "@/test/deployment-config";
import { testClient } from "@/test/usm-client";
import { CLIENT, startTestSimulator } from "@/simulator/test-support";
import { openDatabase } from "@/lib/server/db";
import { Services } from ".";

// The server's background work, started and stopped in one place, against the real simulator.

const LIVE = { intervalMs: 15_000, budgetShare: 0.1, window: 100 };

async function setup(live = LIVE, index?: ConstructorParameters<typeof Services>[0]["index"]) {
  const sim = await startTestSimulator({ alarms: 500, seed: 3 });
  const store = new MemoryStore();
  const config = (key: string) => simulatedDeployment(key, sim, CLIENT);
  const registry = new DeploymentRegistry([config("acme"), config("globex")], (each) =>
    testClient(sim, CLIENT, { store, deployment: each.key }),
  );
  return {
    sim,
    registry,
    services: new Services({ analyst: null, deployments: registry.all(), store, live, index }),
  };
}

describe("the server's services", () => {
  it("seed every deployment's catalogue at start, before anyone asks", async () => {
    const { registry, services } = await setup();
    await services.started;
    for (const deployment of registry.all()) {
      const catalogue = (await deployment.client().catalogue.read()).value();
      expect(catalogue.strategies.length, deployment.key).toBeGreaterThan(0);
    }
    await services.stop();
  });

  it("watch the live queue's views, and let every one go when they stop", async () => {
    const { services } = await setup();
    const hub = services.liveHub!;
    const view = parseLiveViewId(liveViewId("acme", DEFAULT_QUERY))!;
    const heard: string[] = [];
    hub.subscribe(view, (state) => heard.push(state.rev));
    await hub.settled();
    expect(hub.watched()).toBe(1);
    expect(heard.length).toBeGreaterThan(0); // the baseline poll
    await services.stop();
    expect(hub.watched()).toBe(0);
    await services.started; // the seeding, before the file's simulator closes
  });

  it("sync every deployment's index once the database is open, and stop its workers", async () => {
    const database = await openDatabase({ dir: "memory://" });
    const env = {
      databaseUrl: undefined,
      dir: "",
      pageSize: 500,
      retentionMs: 90 * 86_400_000,
      intervalMs: 10_000,
      budgetShare: 0.2,
    };
    const { services } = await setup(LIVE, { env, database: async () => ({ ok: true, database }) });
    await services.indexSync!.ready;
    expect(services.indexSync!.workers.map((worker) => worker.deployment)).toEqual([
      "acme",
      "globex",
    ]);
    await services.stop();
    expect(services.indexSync!.workers.some((worker) => worker.holding)).toBe(false);
    await services.started;
    await database.close();
  });

  it("have no index where none is given", async () => {
    const { services } = await setup();
    expect(services.indexSync).toBeNull();
    await services.stop();
    await services.started;
  });

  it("have no live hub when the live queue is turned off", async () => {
    const { services } = await setup({ ...LIVE, intervalMs: 0 });
    expect(services.liveHub).toBeNull();
    await services.stop();
    await services.started;
  });
});
