import "server-only";
import type { Analyst } from "@/lib/server/auth/session";
import { deploymentRegistry, type Deployment } from "@/lib/server/deployments/registry";
import { type UsmCall } from "@/lib/server/usm";
import { analystRoute, type HandlerInput, type RouteHandler } from "./route";

// A route of one deployment (`/api/d/{deployment}/...`): the analyst's session checked, then the
// deployment looked up among those the analyst may see. Any other key answers 404 in our shape,
// the same for a deployment that exists but is not theirs as for one that does not.

export interface DeploymentInput<P> extends HandlerInput<P> {
  analyst: Analyst;
  deployment: Deployment;
  /** The analyst's calls on this deployment's client. */
  call: UsmCall;
}

export function deploymentRoute<P extends { deployment: string }>(
  name: string,
  handle: (input: DeploymentInput<P>) => Promise<unknown>,
  options: { cacheControl?: string } = {},
): RouteHandler {
  return analystRoute<P>(
    name,
    ({ request, params, analyst }) => {
      const deployment = deploymentRegistry().get(params.deployment, analyst);
      const call = { analyst: analyst.id, client: deployment.client() };
      return handle({ request, params, analyst, deployment, call });
    },
    options,
  );
}
