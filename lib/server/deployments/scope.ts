import "server-only";
import { DEPLOYMENTS_KEY, parseDeployments } from "@/lib/shared/alarms/view";
import { invalidRequest } from "@/lib/shared/core/errors";
import type { Analyst } from "@/lib/server/auth/session";
import { deploymentRegistry } from "./registry";

// Whose alarms a request may read: the deployments it asks for, among those the analyst may see.
// Every query of the index holds its rows to `allowed` (lib/server/search/search-where.ts), so a
// deployment asked for that is not the analyst's reads nothing; the routes answer 404 or 400 for
// one before that (a deployment's route through the registry, the queue's `deployments` here).

/** Whose alarms a request may read: those asked for, among those the analyst may see. */
export interface SearchScope {
  /** Every deployment the analyst may see. */
  allowed: readonly string[];
  /** The deployments asked for. */
  deployments: readonly string[];
}

/** Whose alarms a read of the index may reach, and whom it is for (its search's `owner:me`). */
export interface ScopeFor extends SearchScope {
  /** The analyst's id; null: for no one (`owner:me` matches no alarm). */
  analyst: string | null;
}

/** Every deployment the analyst may see, by key. */
export function visibleKeys(analyst: Analyst): string[] {
  return deploymentRegistry()
    .visibleTo(analyst)
    .map((deployment) => deployment.key);
}

/**
 * Whose alarms a request of the list of every deployment (the path's `all`) reads: the
 * `deployments` its URL names (a comma list of those the analyst may see; 400 on it for any
 * other), or all the analyst may see.
 */
export function allScopeOf(url: URL, allowed: readonly string[]): SearchScope {
  const problems: { param: string; message: string }[] = [];
  const given = url.searchParams.getAll(DEPLOYMENTS_KEY);
  const named = parseDeployments(given, allowed, problems);
  if (problems.length > 0) throw invalidRequest(problems.slice(0, 1));
  return { allowed, deployments: given.length > 0 ? named : allowed };
}
