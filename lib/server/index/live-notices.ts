import "server-only";
import { z } from "zod";
import { DEPLOYMENT_KEY } from "@/lib/shared/deployments/types";
import type { SharedStore } from "@/lib/server/store";

// The index's change notices: one small message on one channel of the shared store's pub/sub
// each time the index's rows of a deployment change, which every replica hears (the live queue's
// index watches read again on it, instead of asking the upstream). Nothing is kept: a replica
// that was not listening reads the index itself (the watches' slow timer).
//
// Each notice has a `type`; today only "rows" (the sync or a detail's refresh wrote or deleted
// rows). Other kinds of change (the team's triage: "Alice took this alarm") join the union with a
// type of their own and travel the same way; a listener is handed only the types it knows, so a
// replica of an older version ignores a newer one's notices.

/** The channel, in the store's own namespace (its prefix keeps consoles apart). */
export const INDEX_CHANNEL = "index:notices";

/** What wrote the rows. */
export const ROW_CHANGE_KINDS = [
  "follow",
  "backfill",
  "reconcile",
  "retention",
  "refresh",
] as const;
export type RowChangeKind = (typeof ROW_CHANGE_KINDS)[number];

const rowsNotice = z
  .object({
    type: z.literal("rows"),
    deployment: z.string().regex(DEPLOYMENT_KEY),
    kind: z.enum(ROW_CHANGE_KINDS),
    /** Rows written (or deleted: by retention, a detail's 404, reconciliation). */
    rows: z.number().int().positive(),
    /**
     * When they were written (epoch ms, the sync's clock): also the `indexed_at` each row written
     * holds, so a reader can tell which write brought a row in.
     */
    at: z.number().int().nonnegative(),
  })
  .strict();

const indexNotice = z.discriminatedUnion("type", [rowsNotice]);

export type RowsNotice = z.infer<typeof rowsNotice>;
export type IndexNotice = z.infer<typeof indexNotice>;

/** A notice as heard, or null when it is not one this version knows (a newer kind, or noise). */
export function readIndexNotice(message: string): IndexNotice | null {
  try {
    const parsed = indexNotice.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Tells every replica of `notice`. Never rejects: a notice that cannot be sent (the store is
 * down) costs the listeners only their next timer's delay, never the write it tells of.
 */
export async function publishIndexNotice(store: SharedStore, notice: IndexNotice): Promise<void> {
  try {
    await store.publish(INDEX_CHANNEL, JSON.stringify(indexNotice.parse(notice)));
  } catch {
    // the listeners' timers read the index anyway
  }
}

/** Calls `listener` with each notice from now on; resolves with the end of the subscription. */
export function subscribeIndexNotices(
  store: SharedStore,
  listener: (notice: IndexNotice) => void,
): Promise<() => Promise<void>> {
  return store.subscribe(INDEX_CHANNEL, (message) => {
    const notice = readIndexNotice(message);
    if (notice) listener(notice);
  });
}
