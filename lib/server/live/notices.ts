import "server-only";
import type { Clock } from "@/lib/shared/core/clock";
import type { IndexNotice, RowsNotice } from "@/lib/server/mirror/live-notices";
import type { SharedStore } from "@/lib/server/store";
import { noticeBus, type NoticeBus } from "@/lib/server/store/notice-bus";

// What this replica hears of the index's change notices (lib/server/mirror/live-notices.ts), for
// its watches of views the index answers: the hub's one listener on the process's notice bus
// (lib/server/store/notice-bus.ts), while any such watch is here, handing each notice of rows to
// the watches; and the backfill's recent writes, by
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
  readonly #bus: NoticeBus;
  /** The hub's listening on the bus, while any watch here listens. */
  #leave: (() => void) | null = null;

  constructor(
    store: SharedStore,
    private readonly clock: Clock,
  ) {
    this.#bus = noticeBus(store);
  }

  /** Hands `listener` every notice of rows until the returned function is called. */
  join(listener: RowsListener): () => void {
    this.#listeners.add(listener);
    this.#leave ??= this.#bus.listen("index", (notice) => this.#hear(notice));
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#end();
    };
  }

  /**
   * Makes sure this replica hears the notices (again, after the store failed): what a watch's
   * turn calls. Resolves false while it cannot.
   */
  async listen(): Promise<boolean> {
    if (this.#listeners.size === 0) return false;
    return this.#bus.ready().then(
      () => true,
      () => false, // tried again at the next turn
    );
  }

  /** Whether the backfill wrote `deployment`'s rows at `at` lately (they are not news). */
  backfilled(deployment: string, at: number): boolean {
    return this.#backfilled.get(deployment)?.has(at) ?? false;
  }

  /** Stops hearing (the hub closes); the bus's subscription is the process's, and stays. */
  async close(): Promise<void> {
    this.#listeners.clear();
    this.#backfilled.clear();
    this.#end();
  }

  /** Stops hearing; the backfill's writes stay known for a watch that comes back. */
  #end(): void {
    this.#leave?.();
    this.#leave = null;
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
