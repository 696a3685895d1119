import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import type { IndexSource } from "@/lib/shared/alarms/types";
import { loadStates } from "@/lib/server/mirror/sync/state";

// How far the index has read the deployments a search involves, from the sync's own state of
// each (./sync/state.ts): `syncedAt`, when its last complete read of the newest alarms began (the
// index held everything older then), and `backfill`, set while it still reads the past. A
// deployment without a state the sync can read counts as not yet indexed.

/**
 * The oldest "indexed up to" of `deployments` (null when any of them is not indexed yet), and
 * whether any is still reading its past.
 */
export async function indexSource(
  db: Kysely<Database>,
  deployments: readonly string[],
): Promise<IndexSource> {
  const states = await loadStates(db, deployments);
  let oldest: number | null = deployments.length === 0 ? null : Infinity;
  let backfilling = false;
  for (const key of deployments) {
    const state = states.get(key)?.state ?? null;
    const upTo = state?.syncedAt ?? null;
    oldest = upTo === null || oldest === null ? null : Math.min(oldest, upTo);
    backfilling ||= state?.backfill != null;
  }
  return { kind: "index", indexedUpTo: oldest, ...(backfilling ? { backfilling } : {}) };
}
