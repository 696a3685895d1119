import "server-only";
import type { Clock } from "@/lib/shared/core/clock";
import type { LiveState } from "@/lib/shared/live/types";
import type { SharedStore } from "@/lib/server/store";
import type { WatchMemory } from "./diff";

// What the replica holding a view's watch keeps in the store (so another replica can take the
// watch over without starting afresh), and the state it publishes to every replica's streams:
// the whole current state in each message, with what arrived and changed over the look-back.

/** How long announcements and status changes are kept for late subscribers. */
const LOOK_BACK_MS = 60 * 60_000;
const MAX_KEPT = 200;

export interface WatchRecord {
  state: LiveState;
  memory: WatchMemory | null;
  nextPollAt: number;
}

export class WatchRecords {
  constructor(
    private readonly store: SharedStore,
    private readonly clock: Clock,
    private readonly intervalMs: number,
    /** The hub's own mark, in every rev: a restarted watcher never repeats an old rev. */
    private readonly epoch: string,
  ) {}

  async read(key: string): Promise<WatchRecord | null> {
    const text = await this.store.get(`${key}:state`);
    return text ? (JSON.parse(text) as WatchRecord) : null; // our own JSON, from our own store
  }

  /** The next state of the view after `update`, kept for a take-over and sent to every replica. */
  async publish(
    key: string,
    view: string,
    record: WatchRecord | null,
    update: Partial<LiveState>,
    memory: WatchMemory | null,
    nextPollAt: number,
  ): Promise<void> {
    const at = this.clock.now();
    const previous = record?.state;
    const keep = <T extends { at?: number; seenAt?: number }>(items: T[]) =>
      items.filter((item) => (item.seenAt ?? item.at ?? 0) > at - LOOK_BACK_MS).slice(0, MAX_KEPT);
    const seq = Number(previous?.rev.split("-")[1] ?? 0) + 1;
    const state: LiveState = {
      view,
      rev: `${this.epoch}-${seq}`,
      polledAt: previous?.polledAt ?? null,
      sentAt: at,
      intervalMs: this.intervalMs,
      stretched: false,
      error: previous?.error ?? null,
      ...update,
      fresh: keep([...(update.fresh ?? []), ...(previous?.fresh ?? [])]),
      changes: keep([...(update.changes ?? []), ...(previous?.changes ?? [])]),
    };
    const next: WatchRecord = { state, memory, nextPollAt };
    // Kept while anyone may take the watch over; forgotten when nobody has watched for a while.
    const keepMs = 10 * this.intervalMs + LOOK_BACK_MS;
    await this.store.set(`${key}:state`, JSON.stringify(next), keepMs);
    await this.store.publish(key, JSON.stringify(state));
  }

  /** What a replica's subscribers hear while it cannot subscribe (the store is down). */
  unwatched(view: string, latest: LiveState | null): LiveState {
    const message =
      "Alarm Console cannot reach its shared store right now; updates resume when it answers.";
    const at = this.clock.now();
    return {
      ...(latest ?? {
        view,
        polledAt: null,
        intervalMs: this.intervalMs,
        stretched: false,
        fresh: [],
        changes: [],
      }),
      rev: `${this.epoch}-store-${at}`,
      sentAt: at,
      error: { code: "store_unavailable", message },
    };
  }
}
