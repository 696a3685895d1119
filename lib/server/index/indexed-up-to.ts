import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import type { IndexSource } from "@/lib/shared/alarms/types";

// How far the index has read the deployments a search involves, as the sync records it in
// index_sync.state (its `indexedUpTo`, epoch ms: every alarm that occurred up to then is in).
// Read tolerantly: the state is the sync's own document, and a deployment it has not written
// yet, or written without that field, counts as not yet indexed.

function upToOf(state: unknown): number | null {
  const parsed = typeof state === "string" ? safeJson(state) : state;
  if (typeof parsed !== "object" || parsed === null) return null;
  const value = (parsed as { indexedUpTo?: unknown }).indexedUpTo;
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The oldest "indexed up to" of `deployments`; null when any of them is not indexed yet. */
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
  const byKey = new Map(rows.map((row) => [row.deployment, upToOf(row.state)]));
  let oldest = Infinity;
  for (const key of deployments) {
    const upTo = byKey.get(key) ?? null;
    if (upTo === null) return { kind: "index", indexedUpTo: null };
    oldest = Math.min(oldest, upTo);
  }
  return { kind: "index", indexedUpTo: oldest };
}
