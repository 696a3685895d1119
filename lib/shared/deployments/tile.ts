import type { PriorityName } from "@/lib/shared/alarms/priority";
import type { IndexStatus } from "./index-status";
import type { DeploymentInfo } from "./types";

// What the home page shows of one deployment (lib/server/home/tiles.ts reads it). Browser-safe.

/** The last upstream failure a deployment's client met (lib/server/usm/client.ts keeps it). */
export interface LastError {
  code: string;
  message: string;
  /** Epoch ms. */
  at: number;
  /** When the deployment first answered again after it (epoch ms); null while it has not. */
  recoveredAt: number | null;
}

export interface TileCounts {
  /** Open alarms, null when the read failed. */
  open: number | null;
  /** In the priority model's order (critical only where the deployment knows it), then other. */
  byPriority: { label: PriorityName | "other"; count: number | null }[];
  /** Epoch ms of the newest open alarm. */
  newestAt: number | null;
}

export interface DeploymentTile {
  deployment: DeploymentInfo;
  counts: TileCounts | null;
  /** Why the counts are missing: our error shape's code and message. */
  error: { code: string; message: string } | null;
  health: {
    tokenValid: boolean;
    tokenExpiresAt: number | null;
    lastError: LastError | null;
    /** The budget in use (how many calls wait is other analysts' business: not shown). */
    budget: {
      /** Calls this replica sent a second, lately. */
      recentPerSecond: number;
      /** The most the console sends, all replicas together: the limit less a safety margin. */
      sustainedPerSecond: number;
      /** The deployment's own limit (its configuration; 100 GET/s by default). */
      limitPerSecond: number;
    };
  };
  /** How far the deployment's local index is in step (search and pivots read it). */
  index: IndexStatus;
}
