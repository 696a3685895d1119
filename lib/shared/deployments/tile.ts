import type { DeploymentInfo } from "./types";

// What the home page shows of one deployment (lib/server/home/tiles.ts reads it). Browser-safe.

/** The last upstream failure a deployment's client met (lib/server/usm/client.ts keeps it). */
export interface LastError {
  code: string;
  message: string;
  /** Epoch ms. */
  at: number;
}

export interface TileCounts {
  /** Open alarms, null when the read failed. */
  open: number | null;
  byPriority: { label: "high" | "medium" | "low" | "other"; count: number | null }[];
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
    budget: { recentPerSecond: number; sustainedPerSecond: number };
  };
}
