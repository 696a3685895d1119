import "server-only";
import type { Analyst } from "@/lib/server/auth/session";
import { serverEnv } from "@/lib/server/env";
import type { DeploymentConfig } from "@/lib/server/env/deployments";
import { ApiError } from "@/lib/shared/core/errors";
import { sharedStore } from "@/lib/server/store";
import { createUsmClient, type UsmClient } from "@/lib/server/usm";
import { mayAccess } from "./access";
import type { DeploymentInfo } from "@/lib/shared/deployments/types";

// The registry: deployment key -> its name, kind, access rule and USM client. One client per
// deployment per process, made on first use and kept on globalThis, so every route bundle of this
// server shares its in-flight reads and its round-robin between analysts; its token, budget,
// fair shares and cached reads are keyed by the deployment in the shared store, so one slow or
// failing deployment never slows another.

export interface Deployment extends DeploymentInfo {
  config: DeploymentConfig;
  client(): UsmClient;
}

export class DeploymentRegistry {
  readonly #byKey = new Map<string, Deployment>();

  constructor(
    configs: readonly DeploymentConfig[],
    makeClient: (config: DeploymentConfig) => UsmClient,
  ) {
    for (const config of configs) {
      let client: UsmClient | undefined;
      this.#byKey.set(config.key, {
        key: config.key,
        name: config.name,
        kind: config.kind,
        config,
        client: () => (client ??= makeClient(config)),
      });
    }
  }

  /** Every deployment, in the configured order. */
  all(): Deployment[] {
    return [...this.#byKey.values()];
  }

  /** The deployments `analyst` may see, in the configured order. */
  visibleTo(analyst: Analyst): Deployment[] {
    return this.all().filter((deployment) => mayAccess(deployment.config, analyst));
  }

  /**
   * The deployment `key` names, if `analyst` may see it. Otherwise not_found, worded as for a key
   * that names nothing: a link to another team's deployment must not tell that it exists.
   */
  get(key: string, analyst: Analyst): Deployment {
    const deployment = this.#byKey.get(key);
    if (!deployment || !mayAccess(deployment.config, analyst)) {
      throw new ApiError("not_found", "There is no such deployment.");
    }
    return deployment;
  }

  /** Where an old `/alarms` link goes: the first deployment the analyst may see, or none. */
  defaultFor(analyst: Analyst): Deployment | undefined {
    return this.visibleTo(analyst)[0];
  }
}

export function infoOf({ key, name, kind }: DeploymentInfo): DeploymentInfo {
  return { key, name, kind };
}

const KEY = Symbol.for("alarm-console.deployments");
type Holder = { [KEY]?: DeploymentRegistry };

/** This process's registry, from the validated environment, shared by every route bundle. */
export function deploymentRegistry(): DeploymentRegistry {
  const holder = globalThis as Holder;
  holder[KEY] ??= new DeploymentRegistry(serverEnv().deployments, (config) =>
    createUsmClient({
      deployment: config.key,
      baseUrl: config.baseUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      timeoutMs: config.timeoutMs,
      getPerSecond: config.getPerSecond,
      postPerSecond: config.postPerSecond,
      cacheTtlMs: serverEnv().usm.cacheTtlMs,
      store: sharedStore(),
      shares: { live: serverEnv().live.budgetShare, index: serverEnv().index.budgetShare },
    }),
  );
  return holder[KEY];
}
