import "server-only";
import type { SharedStore } from "@/lib/server/store";
import { publishNotice, subscribeNotices } from "@/lib/server/store/notice-bus";
import { ROW_CHANGE_KINDS, type NoticeOf } from "@/lib/server/store/notice-kinds";

// The index's change notices: the bus's kind `index` (lib/server/store/notice-kinds.ts), sent
// each time the index's rows of a deployment change, which every replica hears (the live queue's
// index watches read again on it, instead of asking the upstream). Nothing is kept: a replica
// that was not listening reads the index itself (the watches' slow timer).
//
// Each notice has a `type`; today only "rows" (the sync or a detail's refresh wrote or deleted
// rows). A listener is handed only the types its version knows.

export type RowChangeKind = (typeof ROW_CHANGE_KINDS)[number];
export type IndexNotice = NoticeOf<"index">;
export type RowsNotice = Extract<IndexNotice, { type: "rows" }>;

/**
 * Tells every replica of `notice`. Never rejects: a notice that cannot be sent (the store is
 * down) costs the listeners only their next timer's delay, never the write it tells of.
 */
export function publishIndexNotice(store: SharedStore, notice: IndexNotice): Promise<void> {
  return publishNotice(store, "index", notice);
}

/** Calls `listener` with each notice from now on; resolves with the end of its listening. */
export function subscribeIndexNotices(
  store: SharedStore,
  listener: (notice: IndexNotice) => void,
): Promise<() => Promise<void>> {
  return subscribeNotices(store, "index", listener);
}
