import "server-only";
import { createHash } from "node:crypto";
import type { LiveState } from "@/lib/shared/live/types";
import type { LiveView } from "@/lib/shared/live/view-id";
import type { RowsNotice } from "@/lib/server/mirror/live-notices";
import type { SharedStore } from "@/lib/server/store";
import { LeasedLoop } from "@/lib/server/store/leased-loop";
import type { UsmClient } from "@/lib/server/usm";
import {
  BACKFILL_COALESCE_MS,
  INDEX_COALESCE_MS,
  pollIndexView,
  type IndexPollDeps,
} from "./index-poll";
import { pollView, type PollDeps } from "./poll";
import type { WatchRecord } from "./record";

// One view's watch on this replica, while someone here watches it: the replica subscribes to
// the view's channel and runs a leased loop on the view's lease (lib/server/store/
// leased-loop.ts), taken or extended every interval; the holder polls
// the upstream (./poll.ts), or, for a view the index answers, reads the index (./index-poll.ts)
// when a notice says its deployments' rows changed (a burst of them is one read) and on a slow
// timer. Whoever holds it, every replica's subscription hands each state to its listeners.

export type LiveListener = (state: LiveState) => void;

export interface WatchDeps extends PollDeps, IndexPollDeps {
  store: SharedStore;
  /** This replica's name on the leases it holds. */
  owner: string;
  client: (deployment: string) => UsmClient | undefined;
}

const hashOf = (id: string) => createHash("sha256").update(id).digest("base64url").slice(0, 22);

export class ViewWatch {
  readonly listeners = new Set<LiveListener>();
  readonly key: string;
  #latest: LiveState | null = null;
  #stopping: Promise<void> | undefined;
  /** An index view: when a notice asks it to be read (Infinity: none asks). */
  #wantedAt = Infinity;
  /** An index view: when this replica last read it. */
  #readAt = -Infinity;
  #leaveNotices: () => void = () => undefined;
  /** The channel's subscription, resolving with its end (null when it could not be made). */
  #subscription: Promise<(() => Promise<void>) | null>;
  readonly #loop: LeasedLoop;

  constructor(
    readonly view: LiveView,
    private readonly deps: WatchDeps,
  ) {
    this.key = `live:${hashOf(view.id)}`;
    this.#loop = new LeasedLoop({
      store: deps.store,
      key: `${this.key}:lock`,
      leaseMs: deps.leaseMs,
      owner: deps.owner,
      clock: deps.clock,
      intervalMs: deps.intervalMs,
      before: () => this.#channelHeard(),
      step: () => this.#turn(),
      track: (work) => deps.activity.run(work),
    });
    this.#subscription = this.#subscribe();
    if (view.source === "index") this.#leaveNotices = deps.notices.join((n) => this.#heard(n));
    // What the view looked like before this replica joined, while the first poll is due.
    void deps.activity.run(async () => {
      await this.#subscription;
      const record = await deps.records.read(this.key).catch(() => null);
      if (record && !this.#latest) this.#hand(record.state);
      this.#loop.start();
    });
  }

  get latest(): LiveState | null {
    return this.#latest;
  }

  /** Stops watching here: the subscription ends and the lease goes, if this replica held it. */
  stop(): Promise<void> {
    this.#loop.halt();
    this.#leaveNotices();
    this.#stopping ??= this.deps.activity.run(async () => {
      const end = await this.#subscription;
      await end?.().catch(() => undefined);
      await this.#loop.stop();
    });
    return this.#stopping;
  }

  #subscribe(): Promise<(() => Promise<void>) | null> {
    return this.deps.store
      .subscribe(this.key, (message) => this.#deliver(message))
      .catch(() => null); // the next tick tries again
  }

  #deliver(message: string): void {
    try {
      this.#hand(JSON.parse(message) as LiveState); // our own JSON, from our own store
    } catch {
      // not ours: ignored
    }
  }

  #hand(state: LiveState): void {
    if (this.#loop.stopped || this.#latest?.rev === state.rev) return;
    this.#latest = state;
    for (const listener of this.listeners) listener(state);
  }

  /**
   * A notice of the index: a view of its deployment is read again, soon but not sooner than a
   * while after its last read (whatever the number of notices meanwhile). The holder reads; the
   * others keep the wish for when they take the watch over.
   */
  #heard(notice: RowsNotice): void {
    if (this.#loop.stopped || !this.view.deployments.includes(notice.deployment)) return;
    const gap = notice.kind === "backfill" ? BACKFILL_COALESCE_MS : INDEX_COALESCE_MS;
    const now = this.deps.clock.now();
    this.#wantedAt = Math.min(this.#wantedAt, Math.max(now, this.#readAt + gap));
    // A turn under way schedules the next itself, from the wish.
    this.#loop.wake(this.#wantedAt - now);
  }

  /**
   * Before the lease: the view's channel is heard (again), or the turn is skipped and the
   * listeners told the view is not watched for now.
   */
  async #channelHeard(): Promise<number | undefined> {
    if (await this.#subscription) return undefined;
    this.#subscription = this.#subscribe();
    if (await this.#subscription) return undefined;
    this.#hand(this.deps.records.unwatched(this.view.id, this.#latest));
    return this.deps.intervalMs;
  }

  /** The holder's turn: a poll of the upstream, or a read of the index, when it is time. */
  async #turn(): Promise<number> {
    const { intervalMs, records, clock } = this.deps;
    const record = await records.read(this.key);
    const now = clock.now();
    if (this.view.source === "index") return this.#indexTurn(record, now);
    if (record && record.nextPollAt > now) return record.nextPollAt - now;
    const client = this.deps.client(this.view.deployment);
    if (!client) return intervalMs;
    return pollView(
      this.deps,
      {
        view: this.view,
        key: this.key,
        lease: this.#loop.lease,
        client,
        stopped: () => this.#loop.stopped,
      },
      record,
    );
  }

  /**
   * The holder's turn of an index view: a read when a notice asks for one, or the timer does,
   * and the lease extended every interval meanwhile.
   */
  async #indexTurn(record: WatchRecord | null, now: number): Promise<number> {
    const { intervalMs, clock, notices } = this.deps;
    // Hearing the notices again, if the store lost them: meanwhile the timer reads.
    await notices.listen();
    const dueAt = Math.min(record?.nextPollAt ?? now, this.#wantedAt);
    if (dueAt > now) return Math.min(intervalMs, dueAt - now);
    this.#wantedAt = Infinity; // a notice heard from now on asks for the next read
    this.#readAt = now;
    await pollIndexView(this.deps, { view: this.view, key: this.key }, record, now);
    return Math.min(intervalMs, this.#wantedAt - clock.now());
  }
}
