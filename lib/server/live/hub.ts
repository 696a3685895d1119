import "server-only";
import { randomUUID } from "node:crypto";
import { systemClock, type Clock } from "@/lib/shared/core/clock";
import type { LiveView } from "@/lib/shared/live/view-id";
import type { SharedStore } from "@/lib/server/store";
import type { UsmClient } from "@/lib/server/usm";
import { Activity } from "./activity";
import type { LiveIndex } from "./index-poll";
import { IndexNoticeBoard } from "./notices";
import { WatchRecords } from "./record";
import { ViewWatch, type LiveListener } from "./watch";

// The live queue's watchers: one per watched view, for every analyst on every replica. Each
// replica with someone watching a view keeps a watch of it (./watch.ts); the replica holding the
// view's lease polls the upstream in the watchers' share of the budget (./poll.ts), or reads the
// index for a view it answers when the index's notices say it changed (./index-poll.ts,
// ./notices.ts), keeps what it saw in the store and publishes the new state (./record.ts); every
// replica hands it to its own streams. Without Redis, the same runs in one process on the
// memory store.

export type { LiveListener } from "./watch";

export interface LiveHubOptions {
  /** Whom the watches are for: no one (backgroundContext()'s analyst; a view is everyone's). */
  analyst: null;
  store: SharedStore;
  /** The deployment's client: its budget's live class holds the watchers' share. */
  deployment: (key: string) => UsmClient | undefined;
  intervalMs: number;
  /** How many of a view's first alarms each poll reads. */
  window: number;
  /** Wall-clock time: polls, announcements and their ages are compared across replicas. */
  clock?: Clock;
  /** This replica's name on the leases it holds. */
  owner?: string;
  /** The index, for the views it answers; absent: their states say this server has none. */
  index?: LiveIndex;
}

/**
 * How long a view's lease lasts unrenewed: past a poll that waits for the budget's queue, short
 * enough that another replica takes the watch over within a few intervals when this one dies.
 */
const leaseMs = (intervalMs: number) => 3 * intervalMs + 30_000;

export class LiveHub {
  readonly #options: LiveHubOptions;
  readonly #watches = new Map<string, ViewWatch>();
  readonly #activity: Activity;
  readonly #records: WatchRecords;
  readonly #owner: string;
  readonly #notices: IndexNoticeBoard;

  constructor(options: LiveHubOptions) {
    this.#options = options;
    const clock = options.clock ?? systemClock;
    this.#activity = new Activity(clock);
    // This hub's own mark, in every rev: a restarted watcher never repeats an old rev.
    this.#records = new WatchRecords(
      options.store,
      clock,
      options.intervalMs,
      randomUUID().slice(0, 8),
    );
    this.#owner = options.owner ?? randomUUID();
    this.#notices = new IndexNoticeBoard(options.store, clock);
  }

  /** The configured interval. */
  get intervalMs(): number {
    return this.#options.intervalMs;
  }

  /** Views this replica watches for someone now. */
  watched(): number {
    return this.#watches.size;
  }

  /**
   * Calls `listener` with the view's state now (when there is one) and at every change, until
   * the returned function is called; that resolves once this replica has let the view go (its
   * lease included) if nobody here watches it any more. The view must have been checked against
   * the analyst.
   */
  subscribe(view: LiveView, listener: LiveListener): () => Promise<void> {
    let watch = this.#watches.get(view.id);
    if (!watch) {
      watch = new ViewWatch(view, {
        store: this.#options.store,
        owner: this.#owner,
        client: this.#options.deployment,
        clock: this.#options.clock ?? systemClock,
        activity: this.#activity,
        records: this.#records,
        intervalMs: this.#options.intervalMs,
        window: this.#options.window,
        leaseMs: leaseMs(this.#options.intervalMs),
        index: this.#options.index,
        notices: this.#notices,
        analyst: this.#options.analyst,
      });
      this.#watches.set(view.id, watch);
    }
    watch.listeners.add(listener);
    if (watch.latest) listener(watch.latest);
    const joined = watch;
    return () => {
      joined.listeners.delete(listener);
      if (joined.listeners.size > 0) return Promise.resolve();
      if (this.#watches.get(view.id) === joined) this.#watches.delete(view.id);
      return joined.stop();
    };
  }

  /** Stops every watch of this replica (shutdown, tests). */
  async close(): Promise<void> {
    const watches = [...this.#watches.values()];
    this.#watches.clear();
    await Promise.all(watches.map((watch) => watch.stop()));
    await this.#notices.close();
  }

  /**
   * Resolves once no watch of this replica is in the middle of a turn, a start or a stop, other
   * than waiting on the clock: what a test awaits after moving its clock, instead of sleeping.
   */
  settled(): Promise<void> {
    return this.#activity.settled();
  }
}
