import "server-only";
import { z } from "zod";
import type { SharedStore } from "@/lib/server/store";

// Sessions ended, told to every replica: one message on the shared store's pub/sub when a
// session is revoked (signed out) or an analyst signs out everywhere, which each replica's live
// streams hear, so that a stream opened with the session ends at once instead of at its next
// check. The store stays the truth: a notice lost (the store down between the write and the
// message) costs the streams only the wait for their periodic check (lib/server/live/
// stream-sessions.ts), never a session kept alive.

/** The channel, in the store's own namespace (its prefix keeps consoles apart). */
export const SESSION_CHANNEL = "session:ended";

const sessionNotice = z.discriminatedUnion("type", [
  /** One session: signed out, or revoked. */
  z.object({ type: z.literal("revoked"), sid: z.string().min(1).max(200) }).strict(),
  /** Every session the analyst began before now: "sign out everywhere". */
  z.object({ type: z.literal("revoked-all"), user: z.string().min(1).max(400) }).strict(),
]);

export type SessionNotice = z.infer<typeof sessionNotice>;

/** A notice as heard, or null when it is not one this version knows (a newer kind, or noise). */
export function readSessionNotice(message: string): SessionNotice | null {
  try {
    const parsed = sessionNotice.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Tells every replica; never rejects (the revocation is written already, the notice is news). */
export async function publishSessionNotice(
  store: SharedStore,
  notice: SessionNotice,
): Promise<void> {
  try {
    await store.publish(SESSION_CHANNEL, JSON.stringify(sessionNotice.parse(notice)));
  } catch {
    // the streams' periodic check finds the session over anyway
  }
}

/** Calls `listener` with each notice from now on; resolves with the end of the subscription. */
export function subscribeSessionNotices(
  store: SharedStore,
  listener: (notice: SessionNotice) => void,
): Promise<() => Promise<void>> {
  return store.subscribe(SESSION_CHANNEL, (message) => {
    const notice = readSessionNotice(message);
    if (notice) listener(notice);
  });
}
