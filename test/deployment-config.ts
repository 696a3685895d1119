// A deployment's configuration on a simulator, for tests that build a registry of their own.
import { DeploymentRegistry } from "@/lib/server/deployments/registry";
import type { DeploymentConfig } from "@/lib/server/env/deployments";

export function simulatedDeployment(
  key: string,
  upstream: { url: string },
  credentials: { id: string; secret: string },
  more: Partial<DeploymentConfig> = {},
): DeploymentConfig {
  return {
    key,
    name: key[0]!.toUpperCase() + key.slice(1),
    kind: "anywhere",
    baseUrl: upstream.url,
    clientId: credentials.id,
    clientSecret: credentials.secret,
    timeoutMs: 5_000,
    getPerSecond: 100,
    postPerSecond: 50,
    analysts: [],
    groups: [],
    labels: {},
    ...more,
  };
}

/**
 * A registry of deployments that only the index may answer for: making a client of any of them
 * fails the test (a read that was meant to stay in the index went upstream).
 */
export function indexOnlyRegistry(keys: readonly string[]): DeploymentRegistry {
  return new DeploymentRegistry(
    keys.map((key) =>
      simulatedDeployment(key, { url: "http://127.0.0.1:9" }, { id: "unused", secret: "unused" }),
    ),
    () => {
      throw new Error("this read must not reach the upstream");
    },
  );
}
