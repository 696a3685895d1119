import "server-only";
import type { Clock } from "@/lib/shared/core/clock";
import {
  subscribeIndexNotices,
  type IndexNotice,
  type RowsNotice,
} from "@/lib/server/index/live-notices";
import type { SharedStore } from "@/lib/server/store";

// What this replica hears of the index's change notices (lib/server/index/live-notices.ts), for
// its watches of views the index answers: one subscription for the hub, while any such watch is
// here, handing each notice of rows to the watches; and the backfill's recent writes, by
// deployment and time, so that a watch can tell an old alarm the backfill just brought in from
// an arrival (every replica hears them: the one that takes a watch over knows them too).

export type RowsListener = (notice: RowsNotice) => void;

/**
 * How long a backfill's write is remembered: past the slowest read of a watch after it (the
 * watches' safety timer), with room to spare.
 */
const BACKFILL_KEPT_MS = 10 * 60_000;
/** Writes remembered per deployment at most: a backfill writes a page a second at its fastest. */
const BACKFILL_KEPT = 5_000;

export class IndexNoticeBoard {
  readonly #listeners = new Set<RowsListener>();
  /** Per deployment: the `at` of each recent backfill write, and when it was heard. */
  readonly #backfilled = new Map<string, Map<number, number>>();
  #subscription: Promise<(() => Promise<void>) | null> | null = null;

  constructor(
    private readonly store: SharedStore,
    private readonly clock: Clock,
  ) {}

  /** Hands `listener` every notice of rows until the returned function is called. */
  join(listener: RowsListener): () => void {
    this.#listeners.add(listener);
    this.listen();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) void this.#end();
    };
  }

  /**
   * Makes sure this replica hears the notices (again, after the store failed): what a watch's
   * turn calls. Resolves false while it cannot.
   */
  async listen(): Promise<boolean> {
    if (this.#listeners.size === 0) return false;
    this.#subscription ??= subscribeIndexNotices(this.store, (notice) => this.#hear(notice)).catch(
      () => null,
    );
    const subscribed = await this.#subscription;
    if (!subscribed) this.#subscription = null; // tried again at the next turn
    return subscribed !== null;
  }

  /** Whether the backfill wrote `deployment`'s rows at `at` lately (they are not news). */
  backfilled(deployment: string, at: number): boolean {
    return this.#backfilled.get(deployment)?.has(at) ?? false;
  }

  /** Stops hearing (the hub closes). */
  async close(): Promise<void> {
    this.#listeners.clear();
    this.#backfilled.clear();
    await this.#end();
  }

  /** Ends the subscription; the backfill's writes stay known for a watch that comes back. */
  async #end(): Promise<void> {
    const subscription = this.#subscription;
    this.#subscription = null;
    const end = await subscription;
    await end?.().catch(() => undefined);
  }

  #hear(notice: IndexNotice): void {
    if (notice.type !== "rows") return;
    if (notice.kind === "backfill") this.#remember(notice);
    for (const listener of this.#listeners) listener(notice);
  }

  #remember({ deployment, at }: RowsNotice): void {
    const heardAt = this.clock.now();
    const writes = this.#backfilled.get(deployment) ?? new Map<number, number>();
    this.#backfilled.set(deployment, writes);
    writes.set(at, heardAt);
    // Oldest first (a Map keeps the order entries were added in).
    for (const [written, heard] of writes) {
      if (heard > heardAt - BACKFILL_KEPT_MS && writes.size <= BACKFILL_KEPT) break;
      writes.delete(written);
    }
  }
}
