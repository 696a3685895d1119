import "server-only";
import type { TriageNotice } from "@/lib/shared/triage/types";
import type { SharedStore } from "@/lib/server/store";
import { noticeBus, publishNotice, type NoticeChannel } from "@/lib/server/store/notice-bus";
import { NOTICE_UUIDS } from "@/lib/server/store/notice-kinds";

// The team's triage changes, told to every replica: the bus's kind `triage` (lib/server/store/
// notice-kinds.ts), one notice per write (a bulk write: one per deployment, naming its alarms),
// which each replica hands to the live streams of the analysts who may see that deployment
// ("Alice took this alarm"). The database stays the truth: a notice only says "read again", so
// one lost costs a stale mark until the next read, never a wrong state kept.

/** Tells every replica; never rejects (a lost notice costs a stale mark, not a write). */
export async function publishTriageNotice(store: SharedStore, change: TriageNotice): Promise<void> {
  for (let start = 0; start < change.uuids.length; start += NOTICE_UUIDS) {
    const part = { ...change, uuids: change.uuids.slice(start, start + NOTICE_UUIDS) };
    await publishNotice(store, "triage", part);
  }
}

/** The triage's side of this process's bus: every open stream listens on it. */
export type TriageNoticeBoard = NoticeChannel<"triage">;

/** This process's triage notices on `store`'s bus. */
export function triageNotices(store: SharedStore): TriageNoticeBoard {
  return noticeBus(store).channel("triage");
}
