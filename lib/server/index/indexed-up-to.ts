import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import type { IndexSource } from "@/lib/shared/alarms/types";

// How far the index has read the deployments a search involves, as the sync records it in
// index_sync.state: `syncedAt` (epoch ms: when its last complete read of the newest alarms
// began, so the index held everything older then) and `backfill` (set while it still reads the
// past). Read tolerantly: the state is the sync's own document, and a deployment it has not
// written yet, or written without that field, counts as not yet indexed.

type Progress = { upTo: number | null; backfilling: boolean };

function progressOf(state: unknown): Progress {
  const parsed = typeof state === "string" ? safeJson(state) : state;
  if (typeof parsed !== "object" || parsed === null) return { upTo: null, backfilling: false };
  const { syncedAt, backfill } = parsed as { syncedAt?: unknown; backfill?: unknown };
  const upTo =
    typeof syncedAt === "number" && Number.isFinite(syncedAt) && syncedAt >= 0 ? syncedAt : null;
  return { upTo, backfilling: typeof backfill === "object" && backfill !== null };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The oldest "indexed up to" of `deployments` (null when any of them is not indexed yet), and
 * whether any is still reading its past.
 */
export async function indexSource(
  db: Kysely<Database>,
  deployments: readonly string[],
): Promise<IndexSource> {
  if (deployments.length === 0) return { kind: "index", indexedUpTo: null };
  const rows = await db
    .selectFrom("index_sync")
    .select(["deployment", "state"])
    .where("deployment", "in", [...deployments])
    .execute();
  const byKey = new Map(rows.map((row) => [row.deployment, progressOf(row.state)]));
  let oldest: number | null = Infinity;
  let backfilling = false;
  for (const key of deployments) {
    const { upTo, backfilling: reading } = byKey.get(key) ?? { upTo: null, backfilling: false };
    oldest = upTo === null || oldest === null ? null : Math.min(oldest, upTo);
    backfilling ||= reading;
  }
  return { kind: "index", indexedUpTo: oldest, ...(backfilling ? { backfilling } : {}) };
}
