import "server-only";
import type { Kysely } from "kysely";
import { z } from "zod";
import { STATUSES } from "@/lib/shared/alarms/query";
import type { Database } from "@/lib/server/db";

// The sync's state of one deployment, in index_sync (one row each): the backfill's checkpoint,
// the follow's watermark, the reconciliation's place, the remembered page size and the last
// failure. Written after every step, so a console stopped anywhere goes on where it was, and read
// by every replica (the holder of the deployment's lease changes; the state does not).

const ms = z.number().finite();
const count = z.number().int().min(0);

/** A window read newest first, page by page (./sweep.ts moves it on). */
const sweepSchema = z.strictObject({
  /** Epoch ms, inclusive. */
  gte: ms,
  /** Epoch ms, inclusive; null: up to the newest (a sweep's first page only). */
  lte: ms.nullable(),
  page: count,
  /** Only this status (a reconciliation's re-listing), or every alarm. */
  status: z.enum(STATUSES).nullable(),
});
export type Sweep = z.infer<typeof sweepSchema>;

export const syncStateSchema = z.strictObject({
  version: z.literal(1),
  /** The page size in use: the configured one, or half of it again for each refusal. */
  pageSize: count,
  /** INDEX_PAGE_SIZE when pageSize was settled: a new configuration starts from its own. */
  configuredPageSize: count,
  /** The backfill, while it runs. */
  backfill: z
    .strictObject({
      sweep: sweepSchema,
      /** Alarms it has written so far. */
      indexed: count,
      /** The upstream's count of the whole retention when it began. */
      estimate: count.nullable(),
      /** Where the pace is measured from (the current holder's first page). */
      pace: z.strictObject({ since: ms, from: count }).nullable(),
    })
    .nullable(),
  /** A follow under way (several pages when much is new). */
  follow: z.strictObject({ sweep: sweepSchema, startedAt: ms, top: ms.nullable() }).nullable(),
  /** The newest occurred time indexed by a complete read of the newest window. */
  newest: ms.nullable(),
  /** When the last complete follow began: the index held everything older then. */
  syncedAt: ms.nullable(),
  /** When the last follow began (complete or not): the next is due an interval later. */
  followedAt: ms.nullable(),
  reconcile: z.strictObject({
    /** The next bucket to count (./reconcile.ts). */
    next: count,
    /** The next reconciliation read may go then. */
    dueAt: ms,
    /** A bucket that differed, being re-listed. */
    relist: sweepSchema.nullable(),
    /**
     * The walk over the older days (./reconcile.ts, OLDER_EVERY): the next day to count, and when
     * its read may go. A state saved before the walk existed starts it at once.
     */
    older: z.strictObject({ next: count, dueAt: ms }).default({ next: 0, dueAt: 0 }),
  }),
  /** When retention last dropped what is too old. */
  retainedAt: ms.nullable(),
  /** The failure of the last step(s), until one succeeds. */
  failure: z.strictObject({ reason: z.string(), since: ms, count: count }).nullable(),
});
export type SyncState = z.infer<typeof syncStateSchema>;

/** A new deployment's state: a backfill from the retention's start, newest first. */
export function initialState(now: number, pageSize: number, retentionMs: number): SyncState {
  return {
    version: 1,
    pageSize,
    configuredPageSize: pageSize,
    backfill: {
      sweep: { gte: now - retentionMs, lte: null, page: 0, status: null },
      indexed: 0,
      estimate: null,
      pace: null,
    },
    follow: null,
    newest: null,
    syncedAt: null,
    followedAt: null,
    reconcile: { next: 0, dueAt: now, relist: null, older: { next: 0, dueAt: now } },
    retainedAt: null,
    failure: null,
  };
}

export interface StoredState {
  state: SyncState | null;
  /** When it was written (epoch ms). */
  updatedAt: number;
}

/** The deployment's stored state; null when there is none, or one this version cannot read. */
export async function loadState(
  db: Kysely<Database>,
  deployment: string,
): Promise<StoredState | null> {
  const row = await db
    .selectFrom("index_sync")
    .select(["state", "updated_at"])
    .where("deployment", "=", deployment)
    .executeTakeFirst();
  if (!row) return null;
  const parsed = syncStateSchema.safeParse(row.state);
  return { state: parsed.success ? parsed.data : null, updatedAt: row.updated_at };
}

/** Every stored state of `deployments`, by deployment. */
export async function loadStates(
  db: Kysely<Database>,
  deployments: readonly string[],
): Promise<Map<string, StoredState>> {
  if (deployments.length === 0) return new Map();
  const rows = await db
    .selectFrom("index_sync")
    .select(["deployment", "state", "updated_at"])
    .where("deployment", "in", deployments)
    .execute();
  return new Map(
    rows.map((row) => {
      const parsed = syncStateSchema.safeParse(row.state);
      return [
        row.deployment,
        { state: parsed.success ? parsed.data : null, updatedAt: row.updated_at },
      ];
    }),
  );
}

export async function saveState(
  db: Kysely<Database>,
  deployment: string,
  state: SyncState,
  now: number,
): Promise<void> {
  const value = { deployment, state: JSON.stringify(state), updated_at: now };
  await db
    .insertInto("index_sync")
    .values(value)
    .onConflict((oc) =>
      oc.column("deployment").doUpdateSet({ state: value.state, updated_at: value.updated_at }),
    )
    .execute();
}
