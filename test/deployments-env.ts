// For tests of route code that reads the environment: the console configured with two
// deployments on one simulator, Acme (everyone's) and Hidden (only "boss" may see it: an analyst
// must not learn that it exists), in this process's memory. Undo with vi.unstubAllEnvs().
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { startSimulator, type RunningSimulator, type SimulatorOptions } from "@/simulator";

function stubAcmeAndHidden(
  sim: { url: string },
  client: { id: string; secret: string },
  acme: Record<string, unknown>,
): void {
  const deployment = { kind: "anywhere", baseUrl: sim.url, clientId: client.id };
  vi.stubEnv(
    "USM_DEPLOYMENTS",
    JSON.stringify([
      { key: "acme", name: "Acme", ...deployment, clientSecret: client.secret, ...acme },
      { key: "hidden", name: "Hidden", ...deployment, clientSecret: "x", analysts: ["boss"] },
    ]),
  );
  vi.stubEnv("USM_SIMULATOR", "1");
  vi.stubEnv("NEXTAUTH_SECRET", "route-test-session-secret-0123456789");
  vi.stubEnv("NEXTAUTH_URL", "");
  vi.stubEnv("REDIS_URL", "");
}

export interface AcmeWorld {
  sim: RunningSimulator;
}

/**
 * One simulator for the file, the console configured on it as above (plus `env`, and `acme`'s
 * further fields, e.g. its verdicts' `labels`), undone after
 * the file; before each test the simulator's counters are reset and `beforeEachTest` runs (a
 * route test empties its cookie jar there).
 */
export function acmeSimulator(
  client: { id: string; secret: string },
  options: Omit<SimulatorOptions, "port" | "clients">,
  {
    env = {},
    acme = {},
    beforeEachTest,
  }: {
    env?: Record<string, string>;
    acme?: Record<string, unknown>;
    beforeEachTest?: () => void;
  } = {},
): AcmeWorld {
  const world = {} as AcmeWorld;
  beforeAll(async () => {
    world.sim = await startSimulator({ port: 0, clients: [client], ...options });
    stubAcmeAndHidden(world.sim, client, acme);
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await world.sim.close();
  });
  beforeEach(() => {
    beforeEachTest?.();
    world.sim.reset();
  });
  return world;
}
