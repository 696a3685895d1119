import "server-only";
import type { SharedStore } from "@/lib/server/store";
import { publishNotice, subscribeNotices } from "@/lib/server/store/notice-bus";
import type { NoticeOf } from "@/lib/server/store/notice-kinds";

// Sessions ended, told to every replica: the bus's kind `session` (lib/server/store/
// notice-kinds.ts), sent when a session is revoked (signed out) or an analyst signs out
// everywhere, which each replica's live streams hear, so that a stream opened with the session
// ends at once instead of at its next check. The store stays the truth: a notice lost (the store
// down between the write and the message) costs the streams only the wait for their periodic
// check (lib/server/live/stream-sessions.ts), never a session kept alive.

export type SessionNotice = NoticeOf<"session">;

/** Tells every replica; never rejects (the revocation is written already, the notice is news). */
export function publishSessionNotice(store: SharedStore, notice: SessionNotice): Promise<void> {
  return publishNotice(store, "session", notice);
}

/** Calls `listener` with each notice from now on; resolves with the end of its listening. */
export function subscribeSessionNotices(
  store: SharedStore,
  listener: (notice: SessionNotice) => void,
): Promise<() => Promise<void>> {
  return subscribeNotices(store, "session", listener);
}
