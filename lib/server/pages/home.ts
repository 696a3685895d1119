import "server-only";
import type { Analyst } from "@/lib/server/auth/session";
import { deploymentRegistry, infoOf } from "@/lib/server/deployments/registry";
import { readTile } from "@/lib/server/home/tiles";
import type { DeploymentTile } from "@/lib/shared/deployments/tile";
import type { DeploymentInfo } from "@/lib/shared/deployments/types";
import { UTC } from "@/lib/shared/alarms/time-zone";
import { pageRead } from "./page-gate";

// The home page as its server page reads it: a tile per deployment the analyst may see, every
// read started at once. The tiles are one request of the analyst's share, however many there are
// (./page-gate.ts); refused, every tile settles with the refusal, which its card says.

export interface HomeTile {
  info: DeploymentInfo;
  /** Settles when the deployment has answered or failed (or the analyst's share refused it). */
  tile: Promise<DeploymentTile>;
}

/** The tiles, the team's "today" beginning at midnight in `zone` (the analyst's). */
export function readHomeTiles(analyst: Analyst, zone: string = UTC): HomeTile[] {
  return deploymentRegistry()
    .visibleTo(analyst)
    .map((deployment) => ({
      info: infoOf(deployment),
      tile: pageRead(analyst.id, () => readTile(deployment, analyst.id, { zone })),
    }));
}
