import "server-only";
import type { Deployment } from "@/lib/server/deployments/registry";
import { type UsmCall } from "@/lib/server/usm";
import {
  analystRoute,
  type AnalystInput,
  type AnalystRouteOptions,
  type RouteHandler,
} from "./route";

// A route of one deployment (`/api/d/{deployment}/...`): the analyst's session checked, then the
// deployment looked up among those the analyst may see (the request context's scope). Any other
// key answers 404 in our shape, the same for a deployment that exists but is not theirs as for
// one that does not.

export interface DeploymentInput<P, Q = undefined, B = undefined> extends AnalystInput<P, Q, B> {
  deployment: Deployment;
  /** The analyst's calls on this deployment's client. */
  call: UsmCall;
}

export function deploymentRoute<P extends { deployment: string }, Q = undefined, B = undefined>(
  name: string,
  handle: (input: DeploymentInput<P, Q, B>) => Promise<unknown>,
  options: Omit<AnalystRouteOptions<P, Q, B>, "deployment" | "stream"> = {},
): RouteHandler {
  return analystRoute<P, Q, B>(
    name,
    (input) => {
      const deployment = input.context.scope.deployment!;
      const call = { analyst: input.analyst.id, client: deployment.client() };
      return handle({ ...input, deployment, call });
    },
    { ...options, deployment: (params) => params.deployment },
  );
}
