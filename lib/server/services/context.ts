import "server-only";
import type { Analyst } from "@/lib/server/auth/session";
import { databaseState, type DatabaseState } from "@/lib/server/db";
import {
  deploymentRegistry,
  type Deployment,
  type DeploymentRegistry,
} from "@/lib/server/deployments/registry";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import type { ScopeFor } from "@/lib/server/deployments/scope";
import { streamSessions, type StreamSessions } from "@/lib/server/live/stream-sessions";
import { setProcessIndexSync } from "@/lib/server/mirror/sync";
import { sharedStore, type SharedStore } from "@/lib/server/store";
import { Services } from "./index";

// The context a piece of work runs in, built once (by the route wrapper for a request, by
// backgroundContext() for the server's own work) and handed down: whom it is for, whose alarms it
// may reach, the process's services, the clock. Handlers take what they need from it rather than
// reaching for the process's singletons. Background work is visibly for no one: its analyst is
// null, and a search's `owner:me` then matches no alarm.

/** Whose alarms the work may reach: one deployment, or every one the analyst may see. */
export interface ContextScope {
  /** The route's deployment (the analyst's: 404 otherwise); null: every one in `visible`. */
  deployment: Deployment | null;
  /** Every deployment the analyst may see (background work: every one), configured order. */
  visible: readonly Deployment[];
  /** Their keys: what every query of the index holds its rows to. */
  allowed: readonly string[];
}

/** The process's services, each asked for only when used (none is started by a request). */
export interface ContextServices {
  readonly registry: DeploymentRegistry;
  readonly env: ServerEnv;
  readonly store: SharedStore;
  readonly database: () => Promise<DatabaseState>;
  /** The background work's handles (the live hub, the triage notices), started on first use. */
  readonly background: Services;
  /** What ends the live streams with their sessions. */
  readonly streamSessions: StreamSessions;
}

export interface RequestContext {
  /** Whom the work is for; null: the server's own work, for no one. */
  readonly analyst: Analyst | null;
  readonly scope: ContextScope;
  readonly services: ContextServices;
  readonly now: () => number;
}

/** A request of a signed-in analyst. */
export interface AnalystContext extends RequestContext {
  readonly analyst: Analyst;
}

/** The server's own work (sync, live polls): for no one. */
export interface BackgroundContext extends RequestContext {
  readonly analyst: null;
}

/** This process's services, read lazily (a test's route never starts the background work). */
export const processServices: ContextServices = {
  get registry() {
    return deploymentRegistry();
  },
  get env() {
    return serverEnv();
  },
  get store() {
    return sharedStore();
  },
  database: databaseState,
  get background() {
    return services();
  },
  get streamSessions() {
    return streamSessions();
  },
};

const keysOf = (deployments: readonly Deployment[]) => deployments.map((d) => d.key);

/**
 * A request of `analyst`, on `deployment` (looked up among theirs: 404 in our shape for any
 * other, the same for one that exists but is not theirs) or, without one, on all they may see.
 */
export function requestContext(
  analyst: Analyst,
  deployment?: string,
  {
    services: given = processServices,
    now = Date.now,
  }: Partial<Pick<RequestContext, "now">> & {
    services?: ContextServices;
  } = {},
): AnalystContext {
  const visible = given.registry.visibleTo(analyst);
  const chosen = deployment === undefined ? null : given.registry.get(deployment, analyst);
  return {
    analyst,
    scope: { deployment: chosen, visible, allowed: keysOf(visible) },
    services: given,
    now,
  };
}

/** The context of the server's own work: every deployment, for no one. */
export function backgroundContext(
  given: ContextServices = processServices,
  now: () => number = Date.now,
): BackgroundContext {
  const visible = given.registry.all();
  return {
    analyst: null,
    scope: { deployment: null, visible, allowed: keysOf(visible) },
    services: given,
    now,
  };
}

const KEY = Symbol.for("alarm-console.services");
type Holder = { [KEY]?: Services };

/**
 * This process's background work (./index.ts), started on first use with backgroundContext():
 * every deployment, for no one, on the process's store, environment and database.
 */
export function services(): Services {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const { analyst, scope, services: given } = backgroundContext();
    const { live, index, labels } = given.env;
    holder[KEY] = new Services({
      analyst,
      deployments: scope.visible,
      store: given.store,
      live,
      index: { env: index, database: given.database },
      labels,
    });
    // What the tiles, /api/health and an alarm's detail ask of the index, on this process.
    setProcessIndexSync(holder[KEY].indexSync ?? undefined);
  }
  return holder[KEY];
}

export type { ScopeFor };

/** The context's read: the deployments named (default its deployment, or every one it sees). */
export function scopeFor(context: RequestContext, deployments?: readonly string[]): ScopeFor {
  const { deployment, allowed } = context.scope;
  return {
    allowed,
    deployments: deployments ?? (deployment ? [deployment.key] : allowed),
    analyst: context.analyst?.id ?? null,
  };
}
