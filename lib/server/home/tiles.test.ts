import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { DeploymentRegistry } from "@/lib/server/deployments/registry";
import { readOverviewPart } from "@/lib/server/overview/read";
import { simulatedDeployment } from "@/test/deployment-config";
import { testClient } from "@/test/usm-client";
import type { RunningSimulator } from "@/simulator";
import { CLIENT, getToken, readAll, startTestSimulator } from "@/simulator/test-support";
import { readTile } from "./tiles";

// A deployment's tile against the real simulator over HTTP: its counts are the simulator's own,
// and only a real failure of the deployment reaches it. The simulator knows the published
// labels only, so it refuses `priority_label=critical` (HTTP 400), as older deployments do.

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startTestSimulator({ alarms: 800, seed: 9 });
});

function deployment(credentials = CLIENT) {
  const config = simulatedDeployment("acme", sim, credentials);
  return new DeploymentRegistry([config], () =>
    testClient(sim, credentials, { deployment: "acme" }),
  ).all()[0]!;
}

describe("a deployment's tile", () => {
  it("counts the open alarms by priority as the simulator's own alarms say", async () => {
    const open = await readAll(sim, await getToken(sim), "?size=1000&status=open");
    const tile = await readTile(deployment(), "alice");
    expect(tile.error).toBeNull();
    expect(tile.counts?.open).toBe(open.length);
    expect(tile.counts?.byPriority).toEqual(
      ["high", "medium", "low"].map((label) => ({
        label,
        count: open.filter((alarm) => alarm.priority_label === label).length,
      })),
    );
    const newest = Math.max(...open.map((alarm) => Number(alarm.timestamp_occured)));
    expect(tile.counts?.newestAt).toBe(newest);
  });

  it("shows no error after the overview asked a deployment for a label it does not know", async () => {
    const acme = deployment();
    const call = { analyst: "alice", client: acme.client() };
    // The list's overview asks for critical by name; this deployment refuses it (HTTP 400).
    const priority = await readOverviewPart("priority", DEFAULT_QUERY, call);
    expect(priority.problem).toBeNull();
    const tile = await readTile(acme, "alice");
    expect(tile.error).toBeNull();
    expect(tile.health.lastError).toBeNull();
  });

  it("shows a real failure of the deployment, and keeps it as the last error", async () => {
    const tile = await readTile(deployment({ id: CLIENT.id, secret: "wrong-secret" }), "alice");
    expect(tile.counts).toBeNull();
    expect(tile.error?.code).toBe("upstream_auth_failed");
    expect(tile.health.lastError).toMatchObject({ code: "upstream_auth_failed" });
  });
});
