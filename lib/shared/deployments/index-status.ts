// How far a deployment's local index is in step with the upstream (lib/server/mirror/sync reads it
// from the database every replica shares): what the home tile, /api/health and search results
// say of it. Browser-safe: plain types.

export type IndexState =
  /** The sync is turned off on this console (INDEX_INTERVAL_SECONDS=0). */
  | "off"
  /** This server has no index (its database cannot be opened here): `reason` says why. */
  | "unavailable"
  /** The sync has not written anything for the deployment yet. */
  | "starting"
  /** Reading the deployment's past alarms, newest first: `backfill` says how far. */
  | "backfilling"
  /** In step: new alarms are indexed every interval. */
  | "following"
  /** Following, but its last successful read is older than three intervals. */
  | "behind"
  /** The sync keeps failing: `reason` says why; it tries again by itself. */
  | "failed";

export interface IndexBackfill {
  /** Alarms indexed so far. */
  indexed: number;
  /** About how many there are in all (the upstream's count when the backfill began). */
  estimate: number | null;
  /** About how long the rest takes at the pace so far, or null while unknown. */
  remainingMs: number | null;
}

export interface IndexStatus {
  state: IndexState;
  /** The index held the deployment's newest alarms as of this time (epoch ms), or null. */
  syncedAt: number | null;
  /** While backfilling. */
  backfill: IndexBackfill | null;
  /**
   * While a backfill runs (whatever the state): the index holds the deployment's alarms from this
   * time (epoch ms) on, older ones are still to be read; null before its first page.
   */
  heldFrom?: number | null;
  /** Why it is off, unavailable, failed or behind: words for an analyst, never a URL or SQL. */
  reason: string | null;
}
