// For tests of route code that reads the environment: the console configured with two
// deployments on one simulator, Acme (everyone's) and Hidden (only "boss" may see it: an analyst
// must not learn that it exists), in this process's memory. Undo with vi.unstubAllEnvs().
import { vi } from "vitest";

export function stubAcmeAndHidden(
  sim: { url: string },
  client: { id: string; secret: string },
): void {
  const deployment = { kind: "anywhere", baseUrl: sim.url, clientId: client.id };
  vi.stubEnv(
    "USM_DEPLOYMENTS",
    JSON.stringify([
      { key: "acme", name: "Acme", ...deployment, clientSecret: client.secret },
      { key: "hidden", name: "Hidden", ...deployment, clientSecret: "x", analysts: ["boss"] },
    ]),
  );
  vi.stubEnv("USM_SIMULATOR", "1");
  vi.stubEnv("NEXTAUTH_SECRET", "route-test-session-secret-0123456789");
  vi.stubEnv("NEXTAUTH_URL", "");
  vi.stubEnv("REDIS_URL", "");
}
