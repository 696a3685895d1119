import "server-only";
import { indexStatus } from "@/lib/server/mirror/sync";
import { countByPriority, type UsmCall } from "@/lib/server/usm";
import type { Deployment } from "@/lib/server/deployments/registry";
import type { DeploymentTile } from "@/lib/shared/deployments/tile";

// The home page's tile of one deployment: its open alarms by priority (the vendor client's one
// way to count them: critical where the deployment knows it, other labels as "other"), the newest
// one's time, its health, and how far its index is in step. Counts are shared by every analyst
// and replica for a while, and taken from the deployment's own budget as the analyst's reads.

/** How long a tile's counts are shared: a glance at the home page, not a live queue. */
export const TILE_TTL_MS = 30_000;

/** One deployment's tile; a failed read shows as unknown, never as 0. */
export async function readTile(deployment: Deployment, analyst: string): Promise<DeploymentTile> {
  const client = deployment.client();
  const call: UsmCall = { analyst, client };
  const index = indexStatus(deployment.key); // from the database, meanwhile
  const counted = await countByPriority({ status: ["open"] }, call, {
    budget: "analyst",
    ttlMs: TILE_TTL_MS,
  });
  const unknown = counted.total === null && counted.counts.every((entry) => entry.count === null);
  const status = client.status();
  return {
    deployment: { key: deployment.key, name: deployment.name, kind: deployment.kind },
    counts: unknown
      ? null
      : {
          open: counted.total,
          byPriority: [
            ...counted.counts,
            ...(counted.other ? [{ label: "other" as const, count: counted.other }] : []),
          ],
          newestAt: counted.newest,
        },
    error: counted.problem
      ? { code: counted.problem.code, message: counted.problem.message }
      : null,
    health: {
      tokenValid: status.token.valid,
      tokenExpiresAt: status.token.expiresAt,
      lastError: await client.lastError().catch(() => null),
      budget: {
        recentPerSecond: status.budget.get.recentPerSecond,
        sustainedPerSecond: status.budget.get.sustainedPerSecond,
        limitPerSecond: status.budget.get.limitPerSecond,
      },
    },
    index: await index,
  };
}
