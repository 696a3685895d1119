import { describe, expect, it, vi } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { liveViewId, parseLiveViewId } from "@/lib/shared/live/view-id";
import { DeploymentRegistry } from "@/lib/server/deployments/registry";
import { MemoryStore } from "@/lib/server/store/memory";
import { simulatedDeployment } from "@/test/deployment-config";
import { testClient } from "@/test/usm-client";
import { CLIENT, startTestSimulator } from "@/simulator/test-support";
import { openDatabase } from "@/lib/server/db";
import { recordAnalyst } from "@/lib/server/triage/analysts";
import { labelWorkerWake } from "@/lib/server/triage/label-worker";
import { closeAlarmRow } from "@/lib/server/triage/verdicts";
import { actor, alice } from "@/test/triage-team";
import { Services } from ".";

// The server's background work, started and stopped in one place, against the real simulator.

const LIVE = { intervalMs: 15_000, budgetShare: 0.1, window: 100 };

type Deps = ConstructorParameters<typeof Services>[0];

const INDEX_ENV = {
  databaseUrl: undefined,
  dir: "",
  pageSize: 500,
  retentionMs: 90 * 86_400_000,
  intervalMs: 10_000,
  budgetShare: 0.2,
};

async function setup(live = LIVE, index?: Deps["index"], labels?: Deps["labels"]) {
  const sim = await startTestSimulator({ alarms: 500, seed: 3 });
  const store = new MemoryStore();
  const map = { true_positive: sim.addLabel("Confirmed Threat").id };
  const config = (key: string) => simulatedDeployment(key, sim, CLIENT, { labels: map });
  const registry = new DeploymentRegistry([config("acme"), config("globex")], (each) =>
    testClient(sim, CLIENT, { store, deployment: each.key }),
  );
  return {
    sim,
    registry,
    map,
    services: new Services({
      analyst: null,
      deployments: registry.all(),
      store,
      live,
      index,
      labels,
    }),
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
    const { services } = await setup(LIVE, {
      env: INDEX_ENV,
      database: async () => ({ ok: true, database }),
    });
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

  it("write a verdict's label back as soon as they are woken after the close", async () => {
    const database = await openDatabase({ dir: "memory://" });
    const index = {
      env: { ...INDEX_ENV, intervalMs: 3_600_000 },
      database: async () => ({ ok: true as const, database }),
    };
    // A sweep an hour apart: the label is written because the worker was woken.
    const labels = { intervalMs: 3_600_000, retryMs: 30_000 };
    const { sim, map, services } = await setup({ ...LIVE, intervalMs: 0 }, index, labels);
    const alarm = { deployment: "acme", uuid: sim.addAlarm({ alarm_labels: [] }).uuid };
    await recordAnalyst(database.db, alice, Date.now());
    const closing = { verdict: "true_positive" as const, reason: "", duplicateOf: null };
    await closeAlarmRow(database.db, alarm, actor(alice), closing, map, Date.now());
    labelWorkerWake();
    await vi.waitFor(() => expect(sim.labelsOf(alarm.uuid)).toEqual([map.true_positive]));
    await services.stop();
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
