// A deployment's configuration on a simulator, for tests that build a registry of their own.
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
    ...more,
  };
}
