import "server-only";
import type { Deployment } from "@/lib/server/deployments/registry";
import type { AnalystContext } from "@/lib/server/services/context";
import { type UsmCall } from "@/lib/server/usm";
import { scopeOfSegment } from "@/lib/shared/deployments/scope";
import {
  analystRoute,
  type AnalystInput,
  type AnalystRouteOptions,
  type RouteHandler,
} from "./route";

// The routes under `/api/d/{deployment}/...`, whose segment is a deployment's key or `all`. A
// route of one deployment (deploymentRoute): the analyst's session checked, then the deployment
// looked up among those the analyst may see (the request context's scope). Any other key answers
// 404 in our shape, the same for a deployment that exists but is not theirs as for one that does
// not, and for `all`, which names no deployment. A route of a list (scopeRoute) serves `all` too:
// the alarms of every deployment the analyst may see.

export interface DeploymentInput<P, Q = undefined, B = undefined> extends AnalystInput<P, Q, B> {
  deployment: Deployment;
  /** The analyst's calls on this deployment's client. */
  call: UsmCall;
}

/** Whose alarms a list's route reads: one deployment's, or every one the analyst may see. */
export type RouteScope =
  | { kind: "deployment"; deployment: Deployment; call: UsmCall }
  | { kind: "all"; visible: readonly Deployment[] };

export interface ScopeInput<P, Q = undefined, B = undefined> extends AnalystInput<P, Q, B> {
  scope: RouteScope;
}

type Options<P, Q, B> = Omit<AnalystRouteOptions<P, Q, B>, "deployment" | "stream">;

/** The analyst's calls on `deployment`'s client. */
const callOf = (deployment: Deployment, context: AnalystContext): UsmCall => ({
  analyst: context.analyst.id,
  client: deployment.client(),
});

export function deploymentRoute<P extends { deployment: string }, Q = undefined, B = undefined>(
  name: string,
  handle: (input: DeploymentInput<P, Q, B>) => Promise<unknown>,
  options: Options<P, Q, B> = {},
): RouteHandler {
  return analystRoute<P, Q, B>(
    name,
    (input) => {
      const deployment = input.context.scope.deployment!;
      return handle({ ...input, deployment, call: callOf(deployment, input.context) });
    },
    { ...options, deployment: (params) => params.deployment },
  );
}

/**
 * A route of a list, one deployment's or (the path's `all`) every one the analyst may see: the
 * segment read once, here, into the handler's `scope`. A key the analyst may not see answers 404
 * as for deploymentRoute.
 */
export function scopeRoute<P extends { deployment: string }, Q = undefined, B = undefined>(
  name: string,
  handle: (input: ScopeInput<P, Q, B>) => Promise<unknown>,
  options: Options<P, Q, B> = {},
): RouteHandler {
  return analystRoute<P, Q, B>(
    name,
    (input) => {
      const { deployment, visible } = input.context.scope;
      const scope: RouteScope = deployment
        ? { kind: "deployment", deployment, call: callOf(deployment, input.context) }
        : { kind: "all", visible };
      return handle({ ...input, scope });
    },
    {
      ...options,
      deployment: ({ deployment }) =>
        scopeOfSegment(deployment)?.kind === "all" ? undefined : deployment,
    },
  );
}

/** The deployments a scope reads: its one, or every one the analyst may see. */
export function scopeDeployments(scope: RouteScope): readonly Deployment[] {
  return scope.kind === "deployment" ? [scope.deployment] : scope.visible;
}
