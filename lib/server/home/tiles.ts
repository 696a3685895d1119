import "server-only";
import { indexStatus } from "@/lib/server/mirror/sync";
import { countByPriority, type UsmCall } from "@/lib/server/usm";
import type { Deployment } from "@/lib/server/deployments/registry";
import { indexDatabase, readIndex } from "@/lib/server/search/read-index";
import { teamCounts } from "@/lib/server/search/team-counts";
import type { ConsoleDatabase } from "@/lib/server/db";
import { UTC } from "@/lib/shared/alarms/time-zone";
import type { IndexStatus } from "@/lib/shared/deployments/index-status";
import { startOfDay, type DeploymentTile, type TeamCounts } from "@/lib/shared/deployments/tile";

// The home page's tile of one deployment: USM's open alarms by priority (the vendor client's one
// way to count them: critical where the deployment knows it, other labels as "other"), the newest
// one's time, its health, and how far its index is in step; and the team's own state from the
// console's database (../search/team-counts.ts). USM's counts are shared by every analyst and
// replica for a while, and taken from the deployment's own budget as the analyst's reads; the
// team's are read afresh each time, in the analyst's turn at the index.

/** How long a tile's counts are shared: a glance at the home page, not a live queue. */
export const TILE_TTL_MS = 30_000;

/** Where the team's counts come from and when "today" began; defaults for the running console. */
export interface TeamInput {
  /** The analyst's time zone: today begins at its midnight (UTC by default). */
  zone?: string;
  now?: number;
  /** The console's database (default this process's; none: the counts are unknown). */
  database?: () => Promise<ConsoleDatabase>;
}

/** An index that holds nothing of the deployment counts nothing, which is not the team's 0. */
const HOLDS_NOTHING: ReadonlySet<IndexStatus["state"]> = new Set(["off", "unavailable"]);
/** An index still reading the deployment's past counts what it holds so far, and says so. */
const READING_PAST: ReadonlySet<IndexStatus["state"]> = new Set(["starting", "backfilling"]);

/** The team's counts of the deployment, or null (unknown, never 0) when they cannot be read. */
async function readTeam(
  key: string,
  analyst: string,
  index: Promise<IndexStatus>,
  { zone = UTC, now = Date.now(), database = indexDatabase }: TeamInput,
): Promise<TeamCounts | null> {
  try {
    const { state } = await index;
    if (HOLDS_NOTHING.has(state)) return null;
    const since = startOfDay(now, zone);
    const counts = await readIndex(
      await database(),
      (tx) => teamCounts(tx, key, analyst, { since, zone }),
      { analyst },
    );
    return { ...counts, partial: READING_PAST.has(state) };
  } catch (error) {
    console.warn(`[alarm-console] team counts of ${key} unknown:`, (error as Error).message);
    return null;
  }
}

/** One deployment's tile; a failed read shows as unknown, never as 0. */
export async function readTile(
  deployment: Deployment,
  analyst: string,
  team: TeamInput = {},
): Promise<DeploymentTile> {
  const client = deployment.client();
  const call: UsmCall = { analyst, client };
  const index = indexStatus(deployment.key); // from the database, meanwhile
  const teamRead = readTeam(deployment.key, analyst, index, team);
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
    team: await teamRead,
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
