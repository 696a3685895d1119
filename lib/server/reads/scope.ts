import "server-only";
import type { Analyst } from "@/lib/server/auth/session";
import { deploymentRegistry } from "@/lib/server/deployments/registry";
import { DEPLOYMENTS_KEY, parseDeployments } from "@/lib/shared/alarms/merged-url";
import { ApiError } from "@/lib/shared/core/errors";

// Whose alarms a read of the index may return: those asked for, among those the analyst may
// see. The index's queries hold every row to `allowed` (lib/server/index/search-where.ts),
// whatever the request names.

export interface SearchScope {
  /** Every deployment the analyst may see. */
  allowed: readonly string[];
  /** The deployments asked for. */
  deployments: readonly string[];
}

/** A deployment's view: that deployment, among those the analyst may see. */
export function deploymentScope(analyst: Analyst, deployment: string): SearchScope {
  return { allowed: visibleKeys(analyst), deployments: [deployment] };
}

/** Every deployment the analyst may see, by key. */
export function visibleKeys(analyst: Analyst): string[] {
  return deploymentRegistry()
    .visibleTo(analyst)
    .map((deployment) => deployment.key);
}

/**
 * The queue's scope: the `deployments` it names (a comma list of those the analyst may see; 400
 * on it for any other), or all it shows.
 */
export function mergedGroupScope(url: URL, allowed: readonly string[]): SearchScope {
  const problems: { param: string; message: string }[] = [];
  const given = url.searchParams.getAll(DEPLOYMENTS_KEY);
  const named = parseDeployments(given, allowed, problems);
  if (problems[0]) {
    throw new ApiError("invalid_request", problems[0].message, { param: problems[0].param });
  }
  return { allowed, deployments: given.length > 0 ? named : allowed };
}
